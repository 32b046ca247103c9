package dev.kensho.common.export;

import com.sun.management.OperatingSystemMXBean;
import dev.kensho.common.Scale;
import dev.kensho.common.Setting;
import dev.kensho.common.Settings;
import org.openjdk.jmh.util.Version;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** The machine and software a run measured on, for env.json. Never includes properties or env values. */
public final class Env {

    private Env() {
    }

    public static Map<String, Object> host() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("cores", Runtime.getRuntime().availableProcessors());
        m.put("cpu", cpuModel());
        if (ManagementFactory.getOperatingSystemMXBean() instanceof OperatingSystemMXBean os) {
            m.put("memory_bytes", os.getTotalMemorySize());
        }
        m.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"));
        m.put("jvm", System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version")
                + " (" + System.getProperty("java.vm.vendor") + ")");
        m.put("jmh", Version.getPlainVersion());
        m.put("scale", Scale.current().id());
        String commit = git("rev-parse", "HEAD");
        String imageCommit = System.getenv(Setting.COMMIT_ENV.key());
        m.put("commit", commit != null ? commit : imageCommit == null || imageCommit.isBlank() || imageCommit.equals("unknown") ? null : imageCommit.trim());
        String dirty = git("status", "--porcelain", "--untracked-files=no");
        m.put("working_tree", dirty == null ? "unknown" : dirty.isEmpty() ? "clean" : "modified");
        return m;
    }

    private static String cpuModel() {
        Path p = Paths.get("/proc/cpuinfo");
        try {
            if (Files.exists(p)) {
                for (String l : Files.readAllLines(p, StandardCharsets.UTF_8)) {
                    if (l.startsWith("model name")) {
                        return l.substring(l.indexOf(':') + 1).trim();
                    }
                }
            }
        } catch (IOException ignored) {
            // unknown CPU
        }
        return System.getProperty("os.arch");
    }

    private static String git(String... args) {
        String[] cmd = new String[args.length + 1];
        cmd[0] = "git";
        System.arraycopy(args, 0, cmd, 1, args.length);
        try {
            Process p = new ProcessBuilder(cmd).directory(Settings.root().toFile()).redirectErrorStream(true).start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (!p.waitFor(5, TimeUnit.SECONDS) || p.exitValue() != 0) {
                return null;
            }
            return out;
        } catch (IOException | InterruptedException e) {
            return null;
        }
    }
}
