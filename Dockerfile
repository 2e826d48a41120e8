# Build: docker build -t layout-render .
# Render: docker run --rm -v "$PWD:/work" layout-render /work/in.spec /work/out.png
# Serve: docker run -p 8080:8080 layout-render serve --host 0.0.0.0 --port 8080

# Stage 1: build with the Swift 6 toolchain on Debian 12 (bookworm).
FROM swift:6.3-bookworm AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends pkg-config libcairo2-dev libpng-dev libfreetype-dev \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Package.swift ./
COPY Sources ./Sources
COPY Tests ./Tests
COPY scripts/release-build ./scripts/
# scripts/release-build links the Swift runtime and Foundation statically, so the runtime
# image needs only the C libraries below.
RUN install -D "$(scripts/release-build layout-render)" /out/layout-render

# Stage 2: a slim Debian 12 with the runtime libraries and the default fonts.
FROM debian:12-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends libcairo2 libpng16-16 libfreetype6 fonts-dejavu-core \
 && rm -rf /var/lib/apt/lists/*
COPY --from=build /out/layout-render /usr/local/bin/layout-render
WORKDIR /work
ENTRYPOINT ["layout-render"]
