#pragma once
// libjpeg-turbo's TurboJPEG API, for encoding: every failure is a returned status with a
// message (tjGetErrorStr2), never libjpeg's error_exit longjmp through Swift frames.
#include <turbojpeg.h>
