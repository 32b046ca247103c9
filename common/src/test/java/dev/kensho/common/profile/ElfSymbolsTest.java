package dev.kensho.common.profile;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Whether a binary names its functions, against a real one that does (this JVM's libjvm.so, which exports thousands)
 * and ELF files made here with known symbol tables: none, a symbol table of two functions and one object, and files
 * that are not ELF at all.
 */
class ElfSymbolsTest {

    @Test
    void theJvmsLibraryNamesItsFunctions() {
        Path lib = Path.of(System.getProperty("java.home"), "lib", "server", "libjvm.so");
        Assumptions.assumeTrue(Files.isRegularFile(lib), "no libjvm.so here (not Linux)");
        long n = ElfSymbols.functions(lib);
        assertTrue(n >= ElfSymbols.NAMED, n + " functions");
        assertFalse(ElfSymbols.stripped(lib));
    }

    @Test
    void aBinaryWithoutSymbolTablesNamesNone(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("stripped");
        Files.write(f, elf(false));
        assertEquals(0, ElfSymbols.functions(f));
        assertTrue(ElfSymbols.stripped(f));
    }

    @Test
    void onlyDefinedFunctionsCount(@TempDir Path dir) throws Exception {
        Path f = dir.resolve("named");
        Files.write(f, elf(true));
        // two defined functions; the object and the undefined function (an import) do not count
        assertEquals(2, ElfSymbols.functions(f));
        assertTrue(ElfSymbols.stripped(f), "two functions are too few to read a profile by");
    }

    @Test
    void whatIsNotElfIsUnknownNotStripped(@TempDir Path dir) throws Exception {
        Path text = dir.resolve("script");
        Files.writeString(text, "#!/bin/sh\necho hello, this is not an ELF file at all, but long enough to be read as one\n");
        assertEquals(-1, ElfSymbols.functions(text));
        assertFalse(ElfSymbols.stripped(text), "unknown is not stripped: no note is made");
        Path cut = dir.resolve("cut");
        byte[] whole = elf(true);
        Files.write(cut, java.util.Arrays.copyOf(whole, 80)); // the header says where the sections are; they are gone
        assertEquals(-1, ElfSymbols.functions(cut));
        assertEquals(-1, ElfSymbols.functions(dir.resolve("missing")));
    }

    /**
     * A little-endian ELF64 file: its header, then (with {@code symbols}) a {@code .symtab} of four entries (the null
     * symbol, two defined functions, one defined object) and a {@code .dynsym} of one undefined function, then the
     * section headers (null, a PROGBITS section, and the symbol tables).
     */
    static byte[] elf(boolean symbols) {
        int symtab = 64;
        int symtabLen = symbols ? 4 * 24 : 0;
        int dynsym = symtab + symtabLen;
        int dynsymLen = symbols ? 24 : 0;
        int shoff = dynsym + dynsymLen;
        int shnum = symbols ? 4 : 2;
        ByteBuffer b = ByteBuffer.allocate(shoff + shnum * 64).order(ByteOrder.LITTLE_ENDIAN);
        b.put(new byte[]{0x7f, 'E', 'L', 'F', 2, 1, 1});
        b.putShort(0x10, (short) 2); // ET_EXEC
        b.putShort(0x12, (short) 62); // x86-64
        b.putLong(0x28, shoff);
        b.putShort(0x34, (short) 64);
        b.putShort(0x3A, (short) 64);
        b.putShort(0x3C, (short) shnum);
        if (symbols) {
            symbol(b, symtab + 24, 0x12, 1); // GLOBAL FUNC, defined
            symbol(b, symtab + 48, 0x02, 1); // LOCAL FUNC, defined
            symbol(b, symtab + 72, 0x11, 1); // GLOBAL OBJECT
            symbol(b, dynsym, 0x12, 0); // GLOBAL FUNC, undefined: an import
        }
        section(b, shoff + 64, 1, 0, 0, 0); // PROGBITS
        if (symbols) {
            section(b, shoff + 128, 2, symtab, symtabLen, 24);
            section(b, shoff + 192, 11, dynsym, dynsymLen, 24);
        }
        return b.array();
    }

    private static void symbol(ByteBuffer b, int at, int info, int shndx) {
        b.put(at + 4, (byte) info);
        b.putShort(at + 6, (short) shndx);
        b.putLong(at + 8, 0x401000);
    }

    private static void section(ByteBuffer b, int at, int type, long offset, long size, long entsize) {
        b.putInt(at + 4, type);
        b.putLong(at + 0x18, offset);
        b.putLong(at + 0x20, size);
        b.putLong(at + 0x38, entsize);
    }
}
