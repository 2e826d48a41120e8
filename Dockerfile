# Build: docker build -t layout-render .
# Render: docker run --rm -v "$PWD:/work" layout-render /work/in.spec /work/out.png
# Serve (once the service lands): docker run -p 8080:8080 layout-render serve --host 0.0.0.0 --port 8080

# Stage 1: build with the Swift 6 toolchain on Debian 12 (bookworm).
FROM swift:6.3-bookworm AS build
RUN apt-get update \
 && apt-get install -y --no-install-recommends pkg-config libcairo2-dev libpng-dev libfreetype-dev \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY Package.swift ./
COPY Sources ./Sources
COPY Tests ./Tests
# The Swift runtime and Foundation are linked statically, so the runtime image needs only
# the C libraries below.
RUN swift build -c release --product layout-render --static-swift-stdlib -Xlinker -no-pie \
 && install -D "$(swift build -c release --show-bin-path)/layout-render" /out/layout-render

# Stage 2: a slim Debian 12 with the runtime libraries and the default fonts.
FROM debian:12-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends libcairo2 libpng16-16 libfreetype6 fonts-dejavu-core \
 && rm -rf /var/lib/apt/lists/*
COPY --from=build /out/layout-render /usr/local/bin/layout-render
WORKDIR /work
ENTRYPOINT ["layout-render"]
