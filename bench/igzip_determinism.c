// Whether ISA-L's igzip level 1 writes the same bytes for the same input, run after run:
// the filtered rows (filter None, RGB) of a PNG's pixels compressed by igzip's stateful
// calls in 64 KiB strips, as PNGCodec's fastest speed feeds it, or (MODE 1) in one
// stateless call, every buffer zeroed (calloc); prints the compressed size and an FNV-1a
// hash of the bytes. Run it twice over many images in fresh processes and compare:
//   cc -O2 -o /tmp/igzip_determinism bench/igzip_determinism.c -lpng16 -lisal
//   python3 bench/make_card_batch.py 1000 cards && layout-render render cards --out-dir o
//   for f in o/*.png; do a=$(/tmp/igzip_determinism $f 0); b=$(/tmp/igzip_determinism $f 0)
//     [ "$a" != "$b" ] && echo "$f: $a / $b"; done
// On this project's machine (ISA-L 2.30, Debian 12) two cards of the 1,000 differed, in
// either mode; zlib's level 1 never does.
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <isa-l/igzip_lib.h>
int main(int argc, char **argv) {
    png_image image; memset(&image, 0, sizeof image); image.version = PNG_IMAGE_VERSION;
    if (argc != 3) { fprintf(stderr, "usage: %s IMAGE.png 0|1\n", argv[0]); return 64; }
    if (!png_image_begin_read_from_file(&image, argv[1])) { fprintf(stderr, "%s\n", image.message); return 1; }
    image.format = PNG_FORMAT_RGBA;
    unsigned char *rgba = malloc(PNG_IMAGE_SIZE(image));
    if (!png_image_finish_read(&image, NULL, rgba, 0, NULL)) { fprintf(stderr, "%s\n", image.message); return 1; }
    size_t w = image.width, h = image.height, stride = w * 3 + 1, n = h * stride;
    unsigned char *rows = calloc(n + 1024, 1);
    for (size_t y = 0; y < h; y++) { rows[y*stride] = 0; for (size_t x = 0; x < w; x++) memcpy(rows + y*stride + 1 + x*3, rgba + (y*w+x)*4, 3); }
    int stateless = atoi(argv[2]);
    unsigned char *out = calloc(n * 2, 1); unsigned char *lb = calloc(ISAL_DEF_LVL1_DEFAULT, 1);
    struct isal_zstream *s = calloc(1, sizeof *s);
    size_t total = 0; unsigned long long hsh = 1469598103934665603ULL;
    if (stateless) {
        isal_deflate_stateless_init(s); s->level = 1; s->level_buf = lb; s->level_buf_size = ISAL_DEF_LVL1_DEFAULT;
        s->next_in = rows; s->avail_in = n; s->next_out = out; s->avail_out = n * 2; s->end_of_stream = 1;
        if (isal_deflate_stateless(s) != COMP_OK) return 2;
        total = s->total_out;
    } else {
        isal_deflate_init(s); s->level = 1; s->level_buf = lb; s->level_buf_size = ISAL_DEF_LVL1_DEFAULT;
        unsigned char *strip = calloc(65536 + 1024, 1);
        size_t srows = 65536 / stride; size_t pos = 0;
        while (pos < n) {
            size_t len = srows * stride; if (pos + len > n) len = n - pos;
            memcpy(strip + 512, rows + pos, len);
            s->next_in = strip + 512; s->avail_in = len; s->end_of_stream = pos + len == n;
            do { s->next_out = out + total; s->avail_out = 65536; isal_deflate(s); total += 65536 - s->avail_out; }
            while (s->avail_out == 0 || (s->end_of_stream && s->internal_state.state != ZSTATE_END));
            pos += len;
        }
    }
    for (size_t i = 0; i < total; i++) hsh = (hsh ^ out[i]) * 1099511628211ULL;
    printf("%zu %llx\n", total, hsh);
    return 0;
}
