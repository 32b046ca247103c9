#!/usr/bin/env bash
# A base image for -Pimage built from this machine's JDK, for hosts that cannot pull one from a registry:
# a jlink'ed Java runtime (every module of the local JDK), the shared libraries it links against (from ldd),
# fontconfig with the host's fonts (the report's charts), /etc/passwd and /tmp — one layer, written as a `docker save` tarball that Jib reads with tar://.
#   deploy/image/local-base.sh target/kensho-base.tar
#   ./mvnw -Pimage -Dimage.base=tar://$PWD/target/kensho-base.tar -Dimage.commit=$(git rev-parse HEAD) -pl redis-kv -am package
# On a host with registry access, leave image.base at its default (eclipse-temurin) instead.
set -euo pipefail
out=$(realpath -m "${1:?usage: local-base.sh <output .tar>}")
java_home=${JAVA_HOME:-$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root=$work/root
mkdir -p "$root/tmp" "$root/etc"
chmod 1777 "$root/tmp"
"$java_home/bin/jlink" --add-modules ALL-MODULE-PATH --strip-debug --no-header-files --no-man-pages \
  --output "$root/opt/java"
# fonts: the report draws its charts with Java2D, which needs fontconfig (loaded with dlopen) and a font
fontconfig=$(ldconfig -p | awk '/libfontconfig\.so\.1 .*x86-64/ {print $NF; exit}')
[ -n "$fontconfig" ] || { echo "kensho: libfontconfig.so.1 not found (apt-get install fontconfig)" >&2; exit 1; }
mkdir -p "$root/usr/share/fonts" "$root/$(dirname "$fontconfig")"
cp -rL /etc/fonts "$root/etc/fonts"
cp -rL /usr/share/fonts/truetype "$root/usr/share/fonts/"
cp -L "$fontconfig" "$root$fontconfig"
# the runtime's native dependencies (and fontconfig's), at the paths the dynamic loader looks for them
find "$root/opt/java" "$root$fontconfig" -type f \( -name '*.so*' -o -path '*/bin/*' \) -print0 |
  xargs -0 ldd 2>/dev/null | awk '$2 == "=>" && $3 ~ /^\// {print $3} $1 ~ /^\// && $2 ~ /^\(/ {print $1}' |
  grep -v "^$root" | sort -u | while read -r lib; do
    mkdir -p "$root$(dirname "$lib")"
    cp -L "$lib" "$root$lib"
  done
printf 'root:x:0:0:root:/root:/sbin/nologin\nnobody:x:65534:65534:nobody:/nonexistent:/sbin/nologin\n' > "$root/etc/passwd"
mkdir -p "$work/image"
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime='1970-01-01' -C "$root" -cf "$work/image/layer.tar" .
diff_id=$(sha256sum "$work/image/layer.tar" | cut -d' ' -f1)
cat > "$work/image/config.json" <<JSON
{"architecture":"amd64","os":"linux","config":{"Env":["PATH=/opt/java/bin:/usr/bin:/bin","JAVA_HOME=/opt/java"]},
 "rootfs":{"type":"layers","diff_ids":["sha256:$diff_id"]}}
JSON
echo '[{"Config":"config.json","RepoTags":["kensho-base:local"],"Layers":["layer.tar"]}]' > "$work/image/manifest.json"
mkdir -p "$(dirname "$out")"
tar -C "$work/image" -cf "$out" manifest.json config.json layer.tar
echo "kensho: base image $out ($(du -h "$out" | cut -f1), Java $("$root/opt/java/bin/java" -version 2>&1 | head -1))"
