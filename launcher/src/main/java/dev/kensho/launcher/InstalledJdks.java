package dev.kensho.launcher;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The JDKs installed on this machine, for {@link ForkJdk}: the Java homes the environment names ({@code JAVA_HOME},
 * {@code JDK_HOME}, every {@code JAVA_HOME_*} as CI runners set them) and the folders inside the usual install folders
 * ({@code /usr/lib/jvm}, {@code /usr/java}, {@code /opt/java}, {@code /opt/jdk}, macOS's, SDKMAN's, IntelliJ's). A JDK is
 * a folder with an executable {@code bin/java} and a {@code release} file naming its version, read without starting
 * it; {@link #startsUp} starts one ({@code java -version}) when it is about to be relied on.
 */
final class InstalledJdks {

    private InstalledJdks() {
    }

    /** A JDK on this machine: its home and version (from its {@code release} file). */
    record Jdk(Path home, Runtime.Version version) {

        Path java() {
            return home.resolve("bin").resolve("java");
        }

        int feature() {
            return version.feature();
        }

        String shown() {
            return "JDK " + version + " (" + home + ")";
        }
    }

    /** The Java homes named by the environment and the folders JDKs are installed in, in that order. */
    static void places(Map<String, String> env, Path userHome, List<Path> homes, List<Path> roots) {
        for (String k : List.of("JAVA_HOME", "JDK_HOME")) {
            String v = env.get(k);
            if (v != null && !v.isBlank()) {
                homes.add(Path.of(v.trim()));
            }
        }
        new TreeMap<>(env).forEach((k, v) -> {
            if (k.startsWith("JAVA_HOME_") && v != null && !v.isBlank()) {
                homes.add(Path.of(v.trim()));
            }
        });
        for (String r : List.of("/usr/lib/jvm", "/usr/java", "/opt/java", "/opt/jdk", "/Library/Java/JavaVirtualMachines")) {
            roots.add(Path.of(r));
        }
        roots.add(userHome.resolve(".sdkman/candidates/java"));
        roots.add(userHome.resolve(".jdks"));
    }

    /** Every JDK among {@code homes} and the folders inside {@code roots} (macOS's Contents/Home too), once each. */
    static List<Jdk> find(List<Path> homes, List<Path> roots) {
        List<Path> candidates = new ArrayList<>(homes);
        for (Path r : roots) {
            if (!Files.isDirectory(r)) {
                continue;
            }
            try (Stream<Path> s = Files.list(r)) {
                s.sorted().forEach(p -> {
                    candidates.add(p);
                    candidates.add(p.resolve("Contents/Home"));
                });
            } catch (IOException e) {
                // an unreadable folder holds no JDK we can use
            }
        }
        Set<Path> seen = new LinkedHashSet<>();
        List<Jdk> out = new ArrayList<>();
        for (Path c : candidates) {
            Optional<Jdk> j = jdk(c);
            if (j.isPresent()) {
                try {
                    if (seen.add(c.toRealPath())) {
                        out.add(j.get());
                    }
                } catch (IOException e) {
                    // gone while looking
                }
            }
        }
        return out;
    }

    /** The JDK at {@code home}: a {@code bin/java} that can be run and a {@code release} file with its version. */
    static Optional<Jdk> jdk(Path home) {
        Path java = home.resolve("bin").resolve("java");
        Path release = home.resolve("release");
        if (!Files.isRegularFile(java) || !Files.isExecutable(java) || !Files.isRegularFile(release)) {
            return Optional.empty();
        }
        try {
            for (String line : Files.readAllLines(release, StandardCharsets.UTF_8)) {
                if (line.startsWith("JAVA_VERSION=")) {
                    String v = line.substring("JAVA_VERSION=".length()).trim().replace("\"", "");
                    return Optional.of(new Jdk(home, Runtime.Version.parse(v)));
                }
            }
        } catch (IOException | IllegalArgumentException e) {
            // unreadable, or a version before 9 (1.8.0_…): not one the forks can use
        }
        return Optional.empty();
    }

    /** Whether {@code java -version} of the JDK ends well within 30 s. */
    static boolean startsUp(Jdk j) {
        try {
            Process p = new ProcessBuilder(j.java().toString(), "-version").redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                return false;
            }
            return p.exitValue() == 0;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
