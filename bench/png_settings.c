// Deflate settings on one image's PNG rows, one call per process, so that callgrind can count
// the call alone (docs/benchmarks.md, "Issue 42, second session"): the rows unfiltered, Sub or
// Up (RGB, as PNGCodec writes opaque images), through zlib at a level, strategy, memLevel and
// optional deflateTune, or libdeflate at a level; prints the compressed size and the best CPU
// time (CLOCK_THREAD_CPUTIME_ID) of REPEATS calls.
//   cc -O2 -o /tmp/png_settings bench/png_settings.c -lpng16 -lz -ldeflate
//   /tmp/png_settings IMAGE.png zlib LEVEL none|sub|up [rle|default] [MEMLEVEL] [GOOD LAZY NICE CHAIN] [REPEATS]
//   /tmp/png_settings IMAGE.png libdeflate LEVEL none|sub|up [REPEATS]
//   valgrind --tool=callgrind --toggle-collect=compress_rows /tmp/png_settings IMAGE.png zlib 1 none
#include <libdeflate.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>

typedef struct { int libdeflate, level, strategy, mem, tune[4], tuned; } settings;

__attribute__((noinline)) size_t compress_rows(const settings *s, const unsigned char *in, size_t n,
                                               unsigned char *out, size_t cap) {
    if (s->libdeflate) {
        struct libdeflate_compressor *c = libdeflate_alloc_compressor(s->level);
        size_t r = libdeflate_deflate_compress(c, in, n, out, cap);
        libdeflate_free_compressor(c);
        return r;
    }
    z_stream z;
    memset(&z, 0, sizeof z);
    deflateInit2(&z, s->level, Z_DEFLATED, -15, s->mem, s->strategy);
    if (s->tuned) deflateTune(&z, s->tune[0], s->tune[1], s->tune[2], s->tune[3]);
    z.next_in = (unsigned char *)in;
    z.avail_in = n;
    z.next_out = out;
    z.avail_out = cap;
    deflate(&z, Z_FINISH);
    size_t r = cap - z.avail_out;
    deflateEnd(&z);
    return r;
}

static double cpu_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

int main(int argc, char **argv) {
    if (argc < 5) { fprintf(stderr, "usage: see the header\n"); return 64; }
    settings s = {strcmp(argv[2], "libdeflate") == 0, atoi(argv[3]), Z_DEFAULT_STRATEGY, 8, {0}, 0};
    int filter = strcmp(argv[4], "sub") == 0 ? 1 : strcmp(argv[4], "up") == 0 ? 2 : 0, repeats = 1, k = 5;
    if (!s.libdeflate) {
        if (argc > k && strcmp(argv[k], "rle") == 0) s.strategy = Z_RLE;
        if (argc > k) k++;
        if (argc > k) s.mem = atoi(argv[k++]);
        if (argc > k + 3) { for (int i = 0; i < 4; i++) s.tune[i] = atoi(argv[k + i]); s.tuned = 1; k += 4; }
    }
    if (argc > k) repeats = atoi(argv[k]);
    png_image im;
    memset(&im, 0, sizeof im);
    im.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&im, argv[1])) { fprintf(stderr, "%s\n", im.message); return 1; }
    im.format = PNG_FORMAT_RGBA;
    unsigned char *rgba = malloc(PNG_IMAGE_SIZE(im));
    png_image_finish_read(&im, NULL, rgba, 0, NULL);
    size_t w = im.width, h = im.height, stride = w * 3 + 1, n = h * stride;
    unsigned char *rows = malloc(n), *out = malloc(n * 2 + 1024);
    for (size_t y = 0; y < h; y++) {
        rows[y * stride] = (unsigned char)filter;
        for (size_t x = 0; x < w; x++)
            for (int c = 0; c < 3; c++) {
                unsigned char v = rgba[(y * w + x) * 4 + c];
                unsigned char left = x ? rgba[(y * w + x - 1) * 4 + c] : 0, up = y ? rgba[((y - 1) * w + x) * 4 + c] : 0;
                rows[y * stride + 1 + x * 3 + c] = filter == 1 ? v - left : filter == 2 ? v - up : v;
            }
    }
    double best = 1e9;
    size_t size = 0;
    for (int r = 0; r < repeats; r++) {
        double t = cpu_ms();
        size = compress_rows(&s, rows, n, out, n * 2 + 1024);
        t = cpu_ms() - t;
        if (t < best) best = t;
    }
    printf("rows=%zu bytes=%zu best_cpu_ms=%.2f\n", n, size, best);
    return 0;
}
