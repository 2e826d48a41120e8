#pragma once
// glibc's thread placement, for PNGCodec's encoding threads: which processors the process
// may run on, which one the calling thread is on, and a new thread's allowed set. These
// are GNU extensions, which the Glibc module declares only under _GNU_SOURCE (it is built
// without); they are declared here as glibc defines them. Part of the C library: nothing
// to link. Each returns 0 on success (sched_getcpu: the processor, or -1).
#include <pthread.h>
#include <sched.h>
#include <sys/types.h>

#ifndef __USE_GNU
extern int sched_getcpu(void);
extern int sched_getaffinity(pid_t pid, size_t size, cpu_set_t *set);
extern int pthread_attr_setaffinity_np(pthread_attr_t *attributes, size_t size, const cpu_set_t *set);
#endif
