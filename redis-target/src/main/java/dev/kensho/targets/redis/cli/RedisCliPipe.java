package dev.kensho.targets.redis.cli;

import dev.kensho.common.TargetFailure;
import dev.kensho.common.process.ChildProcess;
import dev.kensho.targets.redis.RedisTarget;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code redis-cli --pipe} fed a file of RESP commands: the write-up's loader, used as the calibration
 * row beside the suite's own clients. The file is written before timing starts; {@link #run} is the
 * timed part and checks redis-cli's own summary ({@code errors: 0, replies: N}). The password goes
 * through {@code REDISCLI_AUTH}, never the command line.
 */
public final class RedisCliPipe {

    private static final Pattern SUMMARY = Pattern.compile("errors:\\s*(\\d+),\\s*replies:\\s*(\\d+)");

    private final Path cli;
    private final Path commands;
    private final long expectedReplies;

    public RedisCliPipe(Path cli, Path commands, long expectedReplies) {
        this.cli = cli;
        this.commands = commands;
        this.expectedReplies = expectedReplies;
    }

    /** A RESP writer for the command file. */
    public static final class Writer implements AutoCloseable {
        private final OutputStream out;
        private long count;

        public Writer(Path file) throws IOException {
            this.out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16);
        }

        public void command(byte[]... args) throws IOException {
            out.write(("*" + args.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
            for (byte[] a : args) {
                out.write(("$" + a.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
                out.write(a);
                out.write('\r');
                out.write('\n');
            }
            count++;
        }

        public long count() {
            return count;
        }

        @Override
        public void close() throws IOException {
            out.close();
        }
    }

    /** Runs redis-cli --pipe against the target; returns the number of replies. */
    public long run(RedisTarget target, Path workDir) {
        Path log = workDir.resolve(commands.getFileName() + ".log");
        List<String> cmd = new ArrayList<>(List.of(cli.toString(), "-h", target.host(), "-p", Integer.toString(target.port()),
                "-n", Integer.toString(target.database())));
        if (target.tls()) {
            cmd.add("--tls");
        }
        cmd.add("--pipe");
        StringBuilder sh = new StringBuilder("exec");
        for (String c : cmd) {
            sh.append(" '").append(c.replace("'", "'\\''")).append('\'');
        }
        sh.append(" < '").append(commands.toString().replace("'", "'\\''")).append('\'');
        try {
            Files.deleteIfExists(log);
        } catch (IOException ignored) {
            // appended to otherwise; the summary regex takes the last match
        }
        ChildProcess p = ChildProcess.start("redis-cli --pipe", List.of("/bin/sh", "-c", sh.toString()), workDir, log,
                target.cliEnvironment());
        int status = p.waitFor(Duration.ofHours(2));
        String out;
        try {
            out = Files.readString(log, StandardCharsets.UTF_8);
        } catch (IOException e) {
            out = "";
        }
        Matcher m = SUMMARY.matcher(out);
        long errors = -1;
        long replies = -1;
        while (m.find()) {
            errors = Long.parseLong(m.group(1));
            replies = Long.parseLong(m.group(2));
        }
        if (status != 0 || errors != 0 || replies != expectedReplies) {
            throw new TargetFailure("redis-cli --pipe against " + target.describe() + " failed: exit " + status
                    + ", errors " + errors + ", replies " + replies + " of " + expectedReplies + " ("
                    + p.logTail() + ")");
        }
        return replies;
    }
}
