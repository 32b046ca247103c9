package dev.kensho.common.profile;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Whether a native binary names its functions, read from its ELF file without any tool: the functions its symbol
 * tables define ({@code .symtab}, which {@code strip} removes, and {@code .dynsym}, which a binary linked with
 * {@code -rdynamic} fills with every non-static function). A profiler names a sampled address only through these: the
 * redis-server bundled in embedded-redis (static, stripped) defines none, so perf shows all its frames as
 * {@code [redis-server]}; Debian's {@code redis-server} package (built with {@code -rdynamic}) defines thousands, among
 * them {@code processCommand}.
 */
public final class ElfSymbols {

    /** Fewer defined functions than this and a profile of the binary reads as unnamed boxes. */
    public static final int NAMED = 100;

    private static final int SHT_SYMTAB = 2;
    private static final int SHT_DYNSYM = 11;
    private static final int STT_FUNC = 2;

    private ElfSymbols() {
    }

    /**
     * The functions {@code binary}'s symbol tables define (both tables counted: a function in both counts twice, which
     * only matters against {@link #NAMED}, and not there); {@code -1} when it is not an ELF file this reads (a
     * Mach-O binary on macOS, a 32-bit one, a truncated one) or cannot be read.
     */
    public static long functions(Path binary) {
        try (FileChannel ch = FileChannel.open(binary, StandardOpenOption.READ)) {
            long size = ch.size();
            if (size < 64) {
                return -1;
            }
            ByteBuffer b = ch.map(FileChannel.MapMode.READ_ONLY, 0, size);
            if (b.get(0) != 0x7f || b.get(1) != 'E' || b.get(2) != 'L' || b.get(3) != 'F' || b.get(4) != 2) {
                return -1; // not ELF, or ELF32
            }
            b.order(b.get(5) == 2 ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN);
            long shoff = b.getLong(0x28);
            int shentsize = Short.toUnsignedInt(b.getShort(0x3A));
            int shnum = Short.toUnsignedInt(b.getShort(0x3C));
            if (shoff <= 0 || shentsize < 64 || shoff + (long) shnum * shentsize > size) {
                return shnum == 0 && shoff == 0 ? 0 : -1; // no section headers at all: nothing names anything
            }
            long count = 0;
            for (int i = 0; i < shnum; i++) {
                int sh = (int) (shoff + (long) i * shentsize);
                int type = b.getInt(sh + 4);
                if (type != SHT_SYMTAB && type != SHT_DYNSYM) {
                    continue;
                }
                long off = b.getLong(sh + 0x18);
                long len = b.getLong(sh + 0x20);
                long entsize = b.getLong(sh + 0x38);
                if (entsize < 24 || off < 0 || len < 0 || off + len > size) {
                    return -1;
                }
                for (long at = off; at + 24 <= off + len; at += entsize) {
                    int info = b.get((int) at + 4);
                    int shndx = Short.toUnsignedInt(b.getShort((int) at + 6));
                    if ((info & 0xf) == STT_FUNC && shndx != 0) {
                        count++;
                    }
                }
            }
            return count;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** Whether a profile of {@code binary} can name its functions: false only when it is known not to. */
    public static boolean stripped(Path binary) {
        long n = functions(binary);
        return n >= 0 && n < NAMED;
    }
}
