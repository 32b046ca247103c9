package dev.kensho.redis.sets;

import dev.kensho.common.TargetFailure;
import dev.kensho.targets.redis.RedisTarget;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * One command through {@code redis-cli} with its whole reply written to a file, as the write-up ran its set
 * operations ({@code echo "sinter A B" | redis-cli -h … > result}): {@link #run} starts redis-cli with the command as
 * its arguments, standard output redirected to {@code reply}, standard error to {@code reply.stderr}, and waits
 * for it to exit — the timed part. redis-cli writes a reply to a file (not a terminal) raw: an array one member
 * per line, an empty array as one empty line, an error reply as its text (with exit status 0).
 *
 * <p>{@link #check} reads the file back (not timed) and fails with one line unless redis-cli exited 0 and the file
 * holds exactly the expected members: their count, and their order-independent {@link MemberDigest}. A reply cut
 * short (a full disk, a killed redis-cli, a dropped connection) or an error reply fails, naming redis-cli's last
 * line on standard error and the reply's first line — a number is never kept from a reply that was not whole.
 * The password goes through {@code REDISCLI_AUTH} ({@link RedisTarget#cliEnvironment}), never the command line.
 */
final class RedisCliReply implements ReplyFile {

    private final Path cli;
    private final RedisTarget target;
    private final Path reply;
    private final Path stderr;
    private String command = "";
    private int status = -1;

    RedisCliReply(Path cli, RedisTarget target, Path workDir) {
        this.cli = cli;
        this.target = target;
        this.reply = workDir.resolve("reply");
        this.stderr = workDir.resolve("reply.stderr");
    }

    @Override
    public Path reply() {
        return reply;
    }

    /** Runs redis-cli with {@code args} as its command, the reply to {@link #reply()}; returns its exit status. */
    @Override
    public int run(String... args) {
        List<String> cmd = new ArrayList<>(List.of(cli.toString(), "-h", target.host(), "-p", Integer.toString(target.port()),
                "-n", Integer.toString(target.database())));
        if (target.tls()) {
            cmd.add("--tls");
        }
        if (target.user() != null) {
            cmd.addAll(List.of("--user", target.user()));
        }
        cmd.addAll(Arrays.asList(args));
        command = String.join(" ", args);
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(reply.toFile()).redirectError(stderr.toFile())
                .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        pb.environment().putAll(target.cliEnvironment());
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            throw new TargetFailure("cannot start " + cli + " (" + e.getMessage() + ")");
        }
        try {
            status = p.waitFor();
        } catch (InterruptedException e) {
            p.destroyForcibly(); // JMH's timeout interrupts the shot: redis-cli must not outlive it
            Thread.currentThread().interrupt();
            throw new TargetFailure("redis-cli " + command + " against " + target.describe() + " was interrupted");
        }
        return status;
    }

    /** What a reply file holds: members (lines), their digest, and its first line (for messages). */
    record Members(long count, long digest, boolean whole, String firstLine) {
    }

    /**
     * Throws unless the last {@link #run} exited 0 and its reply file holds exactly {@code expected} members whose
     * digest is {@code expectedDigest}; {@code what} names the case in the message.
     */
    @Override
    public void check(String what, long expected, long expectedDigest) {
        String err = lastLine(stderr);
        if (status != 0) {
            throw new IllegalStateException("redis-cli " + command + " against " + target.describe() + " (" + what
                    + ") exited with status " + status + ": " + err);
        }
        Members m = read(reply);
        String detail = "; redis-cli's standard error: " + err + "; the reply's first line: " + m.firstLine();
        if (!m.whole()) {
            throw new IllegalStateException("answer check failed: redis-cli " + command + " (" + what + ") wrote a reply"
                    + " that ends mid-line after " + m.count() + " of " + expected + " members (truncated)" + detail);
        }
        if (m.count() != expected) {
            throw new IllegalStateException("answer check failed: redis-cli " + command + " (" + what + ") wrote "
                    + m.count() + " of " + expected + " members" + (m.count() < expected ? " (truncated)" : "") + detail);
        }
        if (m.digest() != expectedDigest) {
            throw new IllegalStateException("answer check failed: redis-cli " + command + " (" + what + ") wrote "
                    + expected + " members but not the expected ones (digest mismatch)" + detail);
        }
    }

    /**
     * Reads a raw reply file: one member per line, each ended by a newline; an empty array is one empty line (no
     * members). A file that does not end with a newline is not {@code whole}.
     */
    static Members read(Path file) {
        MemberDigest d = new MemberDigest();
        byte[] line = new byte[256];
        byte[] buf = new byte[1 << 16];
        int len = 0;
        long lines = 0;
        String first = null;
        try (InputStream in = Files.newInputStream(file)) {
            for (int n = in.read(buf); n >= 0; n = in.read(buf)) {
                for (int i = 0; i < n; i++) {
                    if (buf[i] != '\n') {
                        if (len == line.length) {
                            line = Arrays.copyOf(line, 2 * len);
                        }
                        line[len++] = buf[i];
                        continue;
                    }
                    if (first == null) {
                        first = new String(line, 0, len, StandardCharsets.UTF_8);
                    }
                    lines++;
                    if (len > 0) { // an empty line is the empty array's whole reply, never a member
                        d.onValue(Arrays.copyOf(line, len));
                    }
                    len = 0;
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read redis-cli's reply " + file, e);
        }
        if (first == null) {
            first = len == 0 ? "(empty file)" : new String(line, 0, len, StandardCharsets.UTF_8);
        }
        return new Members(d.count(), d.digest(), len == 0 && lines > 0,
                first.length() > 120 ? first.substring(0, 120) + "…" : first);
    }

    private static String lastLine(Path file) {
        try {
            List<String> lines = Files.exists(file) ? Files.readAllLines(file, StandardCharsets.UTF_8) : List.of();
            return lines.stream().filter(l -> !l.isBlank()).reduce((a, b) -> b).map(String::strip).orElse("(empty)");
        } catch (IOException e) {
            return "(unreadable: " + e.getMessage() + ")";
        }
    }

    /** Removes the reply and its standard error (after each check: a 10M-member reply is ~650 MB). */
    @Override
    public void clean() {
        try {
            Files.deleteIfExists(reply);
            Files.deleteIfExists(stderr);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
