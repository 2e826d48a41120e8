# Two images from one build, both holding layout-render and layout-render-service in
# /usr/local/bin (docs/deploy.md, "Docker"):
#
# The CLI (the default, last target):
#   docker build -t layout-render .
#   docker run --rm -v "$PWD:/work" layout-render /work/in.spec /work/out.png
# The HTTP service (target `service`: runs as UID 10001, ENTRYPOINT layout-render-service):
#   docker build --target service -t layout-render-service .
#   docker run --rm -p 8080:8080 -v "$PWD/images:/assets:ro" layout-render-service \
#     --host 0.0.0.0 --port 8080 --assets /assets
# (`layout-render serve …` in the CLI image runs the same program, found beside it.)

# Stage 1: build with the Swift 6 toolchain on Debian 12 (bookworm).
FROM swift:6.3-bookworm AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends pkg-config libcairo2-dev libpng-dev zlib1g-dev libisal-dev libdeflate-dev libjpeg62-turbo-dev libturbojpeg0-dev libwebp-dev libfreetype-dev libharfbuzz-dev libssl-dev \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Package.swift ./
COPY Sources ./Sources
COPY Tests ./Tests
COPY Service ./Service
COPY scripts/release-build ./scripts/
# scripts/release-build links the Swift runtime and Foundation statically, and Cairo, pixman,
# fontconfig, libjpeg, libturbojpeg, libwebp and libdeflate from the -dev packages' static
# archives, so the runtime image needs only the C libraries below (HarfBuzz and librsvg are
# opened when a proportional font is loaded or an SVG drawn). The service is a package of its own (Service/,
# which depends on this one by path), built in its own folder.
RUN install -D "$(scripts/release-build layout-render)" /out/layout-render \
 && install -D "$(scripts/release-build layout-render-service --package-path Service)" /out/layout-render-service

# Stage 2: a slim Debian 12 with the runtime libraries (the `service` and `cli` targets both
# start from it, so they share them), the fonts `scripts/setup` installs (DejaVu, and the
# default fallback fonts Noto Sans CJK and Noto Color Emoji: without them a label with CJK or
# emoji renders differently here than on a developer's machine) and both programs.
# `layout-render serve` runs the layout-render-service found beside it, so the two stay
# together; the service starts its render workers from its own executable.
FROM debian:12-slim AS runtime
RUN apt-get update \
 && apt-get install -y --no-install-recommends libcairo2 libpng16-16 zlib1g libisal2 libdeflate0 libjpeg62-turbo libwebp7 librsvg2-2 libfreetype6 libharfbuzz0b libssl3 fonts-dejavu-core fonts-dejavu-extra fonts-noto-cjk fonts-noto-color-emoji fonts-symbola \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --gid 10001 layout-render \
 && useradd --uid 10001 --gid 10001 --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin layout-render
COPY --from=build /out/layout-render /out/layout-render-service /usr/local/bin/

# The service image: not root, flags only as arguments (deploy/deployment.yaml passes its
# own), and nothing written outside /tmp, so it runs with a read-only root file system.
FROM runtime AS service
USER 10001:10001
EXPOSE 8080
ENTRYPOINT ["layout-render-service"]
CMD ["--host", "0.0.0.0", "--port", "8080"]

# The CLI image (the default target): renders files in the mounted /work. It runs as root
# as before, so that it can write into whatever folder is mounted there.
FROM runtime AS cli
WORKDIR /work
ENTRYPOINT ["layout-render"]
