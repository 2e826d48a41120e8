// Deflate settings for PNG rows, single thread, best of 15 (docs/benchmarks.md, "Issue 18, second
// round"): zlib level 1 unfiltered or Sub-filtered, zlib's Z_RLE strategy, libdeflate level 1.
// Opaque images as RGB, as PNGCodec writes them.
//   cc -O2 -o /tmp/png_strategies bench/png_strategies.c -lpng16 -lz -ldeflate
//   /tmp/png_strategies IMAGE.png
#include <libdeflate.h>
#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <zlib.h>
static double now_ms(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec*1e3+t.tv_nsec/1e6;}
static size_t z(const unsigned char*in,size_t n,unsigned char*out,size_t cap,int level,int strat){z_stream s;memset(&s,0,sizeof s);deflateInit2(&s,level,Z_DEFLATED,-15,8,strat);s.next_in=(unsigned char*)in;s.avail_in=n;s.next_out=out;s.avail_out=cap;deflate(&s,Z_FINISH);size_t r=cap-s.avail_out;deflateEnd(&s);return r;}
int main(int argc,char**argv){png_image im;memset(&im,0,sizeof im);im.version=PNG_IMAGE_VERSION;png_image_begin_read_from_file(&im,argv[1]);im.format=PNG_FORMAT_RGBA;unsigned char*rgba=malloc(PNG_IMAGE_SIZE(im));png_image_finish_read(&im,NULL,rgba,0,NULL);
size_t w=im.width,h=im.height,bpp=3,stride=w*bpp+1,n=h*stride;unsigned char*none=malloc(n),*sub=malloc(n),*out=malloc(n*2+1024);
for(size_t y=0;y<h;y++){none[y*stride]=0;sub[y*stride]=1;for(size_t x=0;x<w;x++){for(int c=0;c<3;c++){unsigned char v=rgba[(y*w+x)*4+c];none[y*stride+1+x*3+c]=v;sub[y*stride+1+x*3+c]=v-(x?rgba[(y*w+x-1)*4+c]:0);}}}
const char*names[]={"zlib1 none","zlib1 sub","zlib RLE none","zlib RLE sub","zlib2 RLE sub","libdeflate1 none","libdeflate1 sub"};
struct libdeflate_compressor*c1=libdeflate_alloc_compressor(1);
for(int k=0;k<7;k++){double best=1e9;size_t sz=0;for(int r=0;r<15;r++){double t=now_ms();
switch(k){case 0:sz=z(none,n,out,n*2,1,Z_DEFAULT_STRATEGY);break;case 1:sz=z(sub,n,out,n*2,1,Z_DEFAULT_STRATEGY);break;case 2:sz=z(none,n,out,n*2,1,Z_RLE);break;case 3:sz=z(sub,n,out,n*2,1,Z_RLE);break;case 4:sz=z(sub,n,out,n*2,2,Z_RLE);break;case 5:sz=libdeflate_deflate_compress(c1,none,n,out,n*2);break;case 6:sz=libdeflate_deflate_compress(c1,sub,n,out,n*2);break;}
t=now_ms()-t;if(t<best)best=t;}printf("%-18s %8zu B %7.2f ms\n",names[k],sz,best);}
return 0;}
