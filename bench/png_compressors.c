// Compression alone, as PNGEncoder.Speed and docs/benchmarks.md report it: the filtered
// rows (filter None, RGB when opaque) of a PNG's pixels, compressed by zlib level 1 on one
// thread and on two (halves joined by a sync flush, as PNGCodec did; Adler-32 by
// libdeflate), by libdeflate levels 1 and 2, and by ISA-L's igzip levels 0 to 3 (zlib
// framing by igzip; PNGCodec's fastest speed is igzip level 1 from 256 KiB of rows on); best
// of 40 in one process, so page faults count little.
//   cc -O2 -o /tmp/png_compressors bench/png_compressors.c -lpng16 -lz -ldeflate -lisal -lpthread
//   /tmp/png_compressors IMAGE.png
#include <libdeflate.h>
#include <png.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>
#include <isa-l/igzip_lib.h>

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

typedef struct { const unsigned char *in; size_t size; int last; unsigned char *out; size_t out_size; } part;

static void *deflate_part(void *arg) {
    part *p = arg;
    z_stream s;
    memset(&s, 0, sizeof s);
    if (deflateInit2(&s, 1, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY) != Z_OK) exit(1);
    size_t capacity = deflateBound(&s, p->size) + 16;
    p->out = malloc(capacity);
    s.next_in = (unsigned char *)p->in; s.avail_in = p->size;
    s.next_out = p->out; s.avail_out = capacity;
    if (deflate(&s, p->last ? Z_FINISH : Z_SYNC_FLUSH) == Z_STREAM_ERROR) exit(1);
    p->out_size = capacity - s.avail_out;
    deflateEnd(&s);
    return NULL;
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: %s IMAGE.png\n", argv[0]); return 64; }
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&image, argv[1])) { fprintf(stderr, "%s\n", image.message); return 1; }
    image.format = PNG_FORMAT_RGBA;
    unsigned char *rgba = malloc(PNG_IMAGE_SIZE(image));
    if (!png_image_finish_read(&image, NULL, rgba, 0, NULL)) { fprintf(stderr, "%s\n", image.message); return 1; }
    size_t w = image.width, h = image.height, opaque = 1;
    for (size_t i = 3; i < w * h * 4; i += 4) if (rgba[i] != 255) { opaque = 0; break; }
    size_t bpp = opaque ? 3 : 4, stride = w * bpp + 1, n = h * stride;
    unsigned char *rows = malloc(n), *out = malloc(n * 2 + 1024);
    for (size_t y = 0; y < h; y++) {
        rows[y * stride] = 0;
        for (size_t x = 0; x < w; x++) memcpy(rows + y * stride + 1 + x * bpp, rgba + (y * w + x) * 4, bpp);
    }
    printf("%s: %zux%zu, %zu bytes of rows\n", argv[1], w, h, n);
    for (int threads = 1; threads <= 2; threads++) {
        double best = 1e9; size_t size = 0;
        for (int run = 0; run < 40; run++) {
            part parts[2];
            size_t split = h / 2 * stride;
            parts[0] = (part){rows, threads == 1 ? n : split, threads == 1, NULL, 0};
            parts[1] = (part){rows + split, n - split, 1, NULL, 0};
            double t = now_ms();
            pthread_t helper;
            if (threads == 2 && pthread_create(&helper, NULL, deflate_part, &parts[1]) != 0) return 1;
            deflate_part(&parts[0]);
            if (threads == 2) pthread_join(helper, NULL);
            // The zlib trailer's Adler-32, by libdeflate as in PNGCodec (zlib's takes 2 ms here).
            volatile uint32_t adler = libdeflate_adler32(1, rows, n);
            (void)adler;
            t = now_ms() - t;
            if (t < best) best = t;
            size = 2 + parts[0].out_size + (threads == 2 ? parts[1].out_size : 0) + 4;
            free(parts[0].out);
            if (threads == 2) free(parts[1].out);
        }
        printf("  zlib 1, %d thread%s: %7zu bytes, %6.2f ms\n", threads, threads == 1 ? " " : "s", size, best);
    }
    for (int level = 1; level <= 2; level++) {
        struct libdeflate_compressor *c = libdeflate_alloc_compressor(level);
        if (c == NULL) return 1;
        double best = 1e9; size_t size = 0;
        for (int run = 0; run < 40; run++) {
            double t = now_ms();
            size = libdeflate_zlib_compress(c, rows, n, out, n * 2 + 1024);
            t = now_ms() - t;
            if (size == 0) return 1;
            if (t < best) best = t;
        }
        printf("  libdeflate %d:       %7zu bytes, %6.2f ms\n", level, size, best);
        libdeflate_free_compressor(c);
    }

    for (int level = 0; level <= 3; level++) {
                double best = 1e9; size_t size = 0;
        size_t lbsize = level == 0 ? ISAL_DEF_LVL0_DEFAULT : level == 1 ? ISAL_DEF_LVL1_DEFAULT : level == 2 ? ISAL_DEF_LVL2_DEFAULT : ISAL_DEF_LVL3_DEFAULT;
        unsigned char *lb = malloc(lbsize);
        for (int run = 0; run < 40; run++) {
            struct isal_zstream s;
            double t = now_ms();
            isal_deflate_init(&s);
            s.level = level; s.level_buf = lb; s.level_buf_size = lbsize;
            s.gzip_flag = IGZIP_ZLIB; s.end_of_stream = 1; s.flush = NO_FLUSH;
            s.next_in = rows; s.avail_in = n; s.next_out = out; s.avail_out = n * 2 + 1024;
            int r = isal_deflate(&s);
            t = now_ms() - t;
            if (r != COMP_OK || s.avail_in != 0) { fprintf(stderr, "isal %d\n", r); return 1; }
            size = s.total_out;
            if (t < best) best = t;
        }
        printf("  isa-l %d:            %7zu bytes, %6.2f ms\n", level, size, best);
    }
    return 0;
}
