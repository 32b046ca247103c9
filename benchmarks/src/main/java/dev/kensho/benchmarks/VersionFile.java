package dev.kensho.benchmarks;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

/**
 * Build step, not part of a run: writes {@code kensho-version.properties} into the jar's classes, which
 * {@link JarMain#version()} reads for {@code --version}. The commit and whether tracked files had changes come from
 * {@code git} in the checkout; a build without git (or outside a checkout) writes {@code unknown} and goes on.
 *
 * <pre>
 * VersionFile &lt;out file&gt; &lt;version&gt; &lt;checkout&gt; &lt;build time&gt;
 * </pre>
 */
public final class VersionFile {

    private VersionFile() {
    }

    public static void main(String[] args) throws IOException {
        File checkout = new File(args[2]);
        String commit = git(checkout, "rev-parse", "HEAD");
        String changes = git(checkout, "status", "--porcelain", "--untracked-files=no");
        String text = "version=" + args[1] + "\n"
                + "commit=" + (commit == null || commit.isEmpty() ? "unknown" : commit) + "\n"
                + "tree=" + (changes == null ? "unknown" : changes.isEmpty() ? "clean" : "modified") + "\n"
                + "built=" + args[3] + "\n";
        File out = new File(args[0]);
        out.getParentFile().mkdirs();
        try (OutputStream o = new FileOutputStream(out)) {
            o.write(text.getBytes(StandardCharsets.UTF_8));
        }
    }

    /** {@code git args…}'s output, trimmed; null when git is missing, fails or takes more than 10 s. */
    static String git(File dir, String... args) {
        String[] cmd = new String[args.length + 1];
        cmd[0] = "git";
        System.arraycopy(args, 0, cmd, 1, args.length);
        try {
            Process p = new ProcessBuilder(Arrays.asList(cmd)).directory(dir).redirectErrorStream(true).start();
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (InputStream in = p.getInputStream()) {
                byte[] buf = new byte[8192];
                for (int n; (n = in.read(buf)) > 0; ) {
                    bytes.write(buf, 0, n);
                }
            }
            if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) {
                return null;
            }
            return new String(bytes.toByteArray(), StandardCharsets.UTF_8).trim();
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
