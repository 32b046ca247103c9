package dev.kensho.reliability;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Enumeration;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.TreeSet;

/**
 * JMH reads only the first {@code META-INF/BenchmarkList} on the classpath, and this module has one per
 * benchmark module on it. {@link #merge()} writes their union into this module's test-classes (which
 * come first on the classpath), so one launcher run here — in-process or in a child JVM — sees every
 * benchmark of every module.
 */
final class AllBenchmarks {

    private static Set<String> classes;

    private AllBenchmarks() {
    }

    static synchronized Set<String> merge() {
        if (classes != null) {
            return classes;
        }
        try {
            Path target = Paths.get(AllBenchmarks.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                    .resolve("META-INF").resolve("BenchmarkList");
            Set<String> lines = new LinkedHashSet<>();
            Enumeration<URL> urls = AllBenchmarks.class.getClassLoader().getResources("META-INF/BenchmarkList");
            while (urls.hasMoreElements()) {
                URL u = urls.nextElement();
                if (u.toString().contains("reliability")) {
                    continue;
                }
                try (InputStream in = u.openStream()) {
                    new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().filter(l -> !l.isBlank()).forEach(lines::add);
                }
            }
            Files.createDirectories(target.getParent());
            Files.write(target, lines, StandardCharsets.UTF_8);
            Set<String> cls = new TreeSet<>();
            for (String l : lines) {
                // JMH's line format: "JMH S <length> <user class> S <length> <generated class> …"
                String[] f = l.split(" ");
                if (f.length > 3) {
                    cls.add(f[3]);
                }
            }
            classes = cls;
            return classes;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Benchmark classes whose package starts with {@code prefix} (e.g. "dev.kensho.redis."). */
    static Set<String> in(String prefix) {
        Set<String> out = new TreeSet<>();
        for (String c : merge()) {
            if (c.startsWith(prefix)) {
                out.add(c);
            }
        }
        return out;
    }
}
