#pragma once
#include <cairo.h>
#include <cairo-ft.h>
#include <cairo-svg.h>
#include <cairo-pdf.h>
#include <ft2build.h>
#include FT_FREETYPE_H
