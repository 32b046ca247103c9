package dev.kensho.targets.kinesis;

import dev.kensho.common.process.Executables;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kensho.common.BadInput;
import dev.kensho.common.Settings;
import dev.kensho.common.TargetFailure;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.concurrent.TimeUnit;

import static dev.kensho.targets.kinesis.EmbeddedKinesis.EMULATOR;
import static dev.kensho.targets.kinesis.EmbeddedKinesis.NODE_DEFAULT;

/**
 * What the embedded Kinesis emulator needs on this machine: the Node executable ({@link KinesisSettings#NODE},
 * else {@code node} on the PATH) and kinesalite as {@code npm ci} installed it ({@link KinesisSettings#NODE_MODULES},
 * else the checkout's {@code kinesis-target/node_modules}), with their versions for the server record. Kept apart from
 * the server itself because it is asked without starting one: a path the user named wrong is bad input, while a
 * machine that lacks Node or the package (a jar on a JDK-only host) skips its Kinesis classes with one sentence saying
 * how to get them.
 */
final class KinesaliteInstall {

    private static final ObjectMapper JSON = new ObjectMapper();

    private KinesaliteInstall() {
    }

    /** The node and node_modules the user named ({@code -D}), checked: a path given wrong is bad input, not a lack. */
    static void validateSettings() {
        if (KinesisSettings.NODE.get() != null) {
            node();
        }
        if (KinesisSettings.NODE_MODULES.get() != null) {
            emulatorDir();
        }
    }

    /**
     * Null when Node and kinesalite are here; else what the machine lacks and how to get it, as one sentence (a jar
     * on a machine with only a JDK has neither: its Kinesis classes are skipped with this, the rest run).
     */
    static String whyMissing() {
        validateSettings(); // a node or node_modules the user named, wrong, is bad input
        String instead = ", or give -D" + KinesisSettings.ENDPOINT.key() + " or -D" + KinesisSettings.REGION.key();
        try {
            node();
        } catch (BadInput e) {
            return "needs Node.js for the embedded Kinesis emulator ('" + KinesisSettings.NODE.get(NODE_DEFAULT)
                    + "' is not on the PATH): install Node 18+ (or give -D" + KinesisSettings.NODE.key() + "=/path/to/node)" + instead;
        }
        try {
            emulatorDir();
        } catch (BadInput e) {
            return "needs the embedded Kinesis emulator, which is not installed (no " + EMULATOR + " in " + modules()
                    + "): run npm ci in the checkout's kinesis-target (./mvnw -pl kinesis-target initialize) or npm install "
                    + EMULATOR + "@3.3.3, and give -D" + KinesisSettings.NODE_MODULES.key() + "=<its node_modules>" + instead;
        }
        return null;
    }

    /** The Node executable, or a one-line error saying how to get one. */
    static String node() {
        String n = KinesisSettings.NODE.get(NODE_DEFAULT);
        Path found = null;
        if (n.contains(File.separator)) {
            Path p = Paths.get(n);
            if (Executables.executable(p)) {
                found = p;
            }
        } else {
            found = Executables.onPath(n).orElse(null);
        }
        if (found == null) {
            throw new BadInput("the embedded Kinesis emulator needs Node.js: '" + n + "' is not "
                    + (n.contains(File.separator) ? "an executable file" : "on the PATH")
                    + "; install Node 18+ or pass -D" + KinesisSettings.NODE.key() + "=/path/to/node (or use -D"
                    + KinesisSettings.REGION.key() + " / -D" + KinesisSettings.ENDPOINT.key() + ")");
        }
        return found.toString();
    }

    /** kinesalite's package directory under the installed node_modules. */
    static Path emulatorDir() {
        Path modules = modules();
        Path dir = modules.resolve(EMULATOR).toAbsolutePath().normalize();
        if (!Files.isRegularFile(dir.resolve("package.json"))) {
            throw new BadInput(KinesisSettings.NODE_MODULES.key() + "=" + modules + " holds no " + EMULATOR
                    + "; allowed: the node_modules that `./mvnw -pl kinesis-target initialize` (npm ci) installs");
        }
        return dir;
    }

    static Path modules() {
        String m = KinesisSettings.NODE_MODULES.get();
        return m != null ? Paths.get(m) : Settings.root().resolve("kinesis-target").resolve("node_modules");
    }

    static String packageVersion(Path dir) {
        try {
            JsonNode pkg = JSON.readTree(dir.resolve("package.json").toFile());
            return pkg.path("version").asText("?");
        } catch (IOException e) {
            throw new TargetFailure("cannot read " + dir.resolve("package.json") + " (" + e.getMessage() + ")");
        }
    }

    static String nodeVersion(String node) {
        try {
            Process p = new ProcessBuilder(node, "--version").redirectErrorStream(true).start();
            String v = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) {
                throw new TargetFailure(node + " --version failed: " + v);
            }
            return v;
        } catch (IOException e) {
            throw new TargetFailure("cannot run " + node + " (" + e.getMessage() + ")");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TargetFailure("interrupted while running " + node);
        }
    }
}
