package dev.kensho.targets.hbase;

import dev.kensho.common.BadInput;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hbase.io.compress.Compression;
import org.apache.hadoop.hbase.io.encoding.DataBlockEncoding;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * The data block encodings and compression codecs of the compression matrix, and how HBase 2.6 is
 * told where each codec lives.
 *
 * <p>HBase 2.6 ships no codec but GZ in its core: SNAPPY, LZ4, ZSTD, LZO and BROTLI come from the
 * {@code hbase-compression-*} modules, and {@link Compression.Algorithm} keeps its <em>own</em>
 * configuration (read once from {@code hbase-site.xml}), so a table with SNAPPY fails at
 * {@code createTable} unless its {@code hbase.io.compress.<codec>.codec} key names the module's class.
 * {@link #configure(Configuration)} sets the keys and reloads every algorithm; call it before the
 * cluster or the client starts.
 */
public final class Codecs {

    /** The matrix's encodings: the write-up's four (PREFIX_TREE is gone from HBase 2) plus ROW_INDEX_V1. */
    public static final List<String> ENCODINGS = List.of("NONE", "PREFIX", "DIFF", "FAST_DIFF", "ROW_INDEX_V1");

    /** The matrix's codecs: the write-up's four plus ZSTD, LZO (it skipped) and BROTLI. */
    public static final List<String> CODECS = List.of("NONE", "GZ", "SNAPPY", "LZ4", "ZSTD", "LZO", "BROTLI");

    /** Codec → implementing class of the module that provides it (GZ and NONE: HBase core). */
    static final Map<String, String> CLASSES = Map.of(
            "SNAPPY", "org.apache.hadoop.hbase.io.compress.xerial.SnappyCodec",
            "LZ4", "org.apache.hadoop.hbase.io.compress.lz4.Lz4Codec",
            "ZSTD", "org.apache.hadoop.hbase.io.compress.zstd.ZstdCodec",
            "LZO", "org.apache.hadoop.hbase.io.compress.aircompressor.LzoCodec",
            "BROTLI", "org.apache.hadoop.hbase.io.compress.brotli.BrotliCodec");

    static final Map<String, String> MODULES = Map.of(
            "SNAPPY", "hbase-compression-snappy",
            "LZ4", "hbase-compression-lz4",
            "ZSTD", "hbase-compression-zstd",
            "LZO", "hbase-compression-aircompressor",
            "BROTLI", "hbase-compression-brotli");

    static final Map<String, String> KEYS = Map.of(
            "SNAPPY", Compression.SNAPPY_CODEC_CLASS_KEY,
            "LZ4", Compression.LZ4_CODEC_CLASS_KEY,
            "ZSTD", Compression.ZSTD_CODEC_CLASS_KEY,
            "LZO", Compression.LZO_CODEC_CLASS_KEY,
            "BROTLI", Compression.BROTLI_CODEC_CLASS_KEY);

    private static volatile boolean reloaded;

    private Codecs() {
    }

    /** The encoding named {@code value} (case-insensitive), or a one-line {@link BadInput} naming {@code param}. */
    public static DataBlockEncoding encoding(String param, String value) {
        String v = value == null ? "" : value.trim().toUpperCase(Locale.ROOT);
        if (!ENCODINGS.contains(v)) {
            throw BadInput.of(param, value, String.join(", ", ENCODINGS));
        }
        return DataBlockEncoding.valueOf(v);
    }

    /**
     * The codec named {@code value}, checked to be loadable here; else a one-line {@link BadInput}
     * (unknown name, or its module missing from the classpath).
     */
    public static Compression.Algorithm codec(String param, String value) {
        String v = value == null ? "" : value.trim().toUpperCase(Locale.ROOT);
        if (!CODECS.contains(v)) {
            throw BadInput.of(param, value, String.join(", ", CODECS));
        }
        String cls = CLASSES.get(v);
        if (cls != null) {
            try {
                Class.forName(cls, false, Codecs.class.getClassLoader());
            } catch (ClassNotFoundException | LinkageError e) {
                throw new BadInput(param + "=" + value + " is not available: its codec " + cls + " (module org.apache.hbase:"
                        + MODULES.get(v) + ") is not on the classpath; allowed here: " + String.join(", ", available()));
            }
        }
        return Compression.Algorithm.valueOf(v);
    }

    /** The matrix's codecs whose classes load here. */
    public static List<String> available() {
        return CODECS.stream().filter(c -> {
            String cls = CLASSES.get(c);
            if (cls == null) {
                return true;
            }
            try {
                Class.forName(cls, false, Codecs.class.getClassLoader());
                return true;
            } catch (ClassNotFoundException | LinkageError e) {
                return false;
            }
        }).toList();
    }

    /**
     * Sets {@code hbase.io.compress.<codec>.codec} in {@code conf} for every codec module on the classpath
     * (a key the user already set wins) and reloads {@link Compression.Algorithm}'s own configuration.
     */
    public static Configuration configure(Configuration conf) {
        for (String c : available()) {
            String key = KEYS.get(c);
            if (key != null && conf.get(key) == null) {
                conf.set(key, CLASSES.get(c));
            }
        }
        synchronized (Codecs.class) {
            for (String c : available()) {
                if (!c.equals("NONE")) {
                    Compression.Algorithm.valueOf(c).reload(conf);
                }
            }
            reloaded = true;
        }
        return conf;
    }

    /** True once {@link #configure(Configuration)} has run in this JVM. */
    public static boolean configured() {
        return reloaded;
    }

    /** The codec keys as set (for the recorded server config). */
    public static Map<String, String> keys(Configuration conf) {
        Map<String, String> m = new TreeMap<>();
        KEYS.values().forEach(k -> m.put(k, conf.get(k)));
        return m;
    }

    static String join(String[] a) {
        return String.join(", ", Arrays.asList(a));
    }
}
