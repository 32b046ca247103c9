package dev.kensho.redis.sets;

import dev.kensho.api.BenchmarkState;
import dev.kensho.common.BadInput;
import dev.kensho.common.TargetFailure;
import dev.kensho.api.Kensho;
import dev.kensho.api.ParamRules;
import dev.kensho.common.process.TempDirs;
import dev.kensho.common.runfiles.Case;
import dev.kensho.common.runfiles.Recorder;
import dev.kensho.redis.sets.calibration.Tools;
import dev.kensho.targets.redis.RedisTarget;
import dev.kensho.targets.redis.opening.RedisTargets;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Optional;

/**
 * What do {@code SINTER}, {@code SUNION} and {@code SDIFF} cost in the write-up's own regime — the server builds and
 * sends the whole reply, the client writes it to a file ({@code echo "sinter A B" | redis-cli … > result}) — at the
 * two extremes A=B and A≠B? Experiment 1's set-operation table (published, |A| = 10M: SINTER 102.45 / 4.85 s, SUNION
 * 122.33 / 408.03 s, SDIFF 2.31 / 116.84 s for A=B / A≠B; {@code docs/redis-sets.md}): the ratios A=B ÷ A≠B (SINTER)
 * and A≠B ÷ A=B (SUNION, SDIFF) are the claims, read as a direction and as a magnitude.
 *
 * <p>Cases: {@code client} = who writes the reply ({@link Client}): REDIS_CLI, the write-up's program, or SUITE_RESP,
 * the suite's own RESP reader writing the same bytes — REDIS_CLI is dropped with a note where redis-cli is not
 * installed, so a fresh machine measures the regime through SUITE_RESP; × {@code op} = SINTER, SUNION, SDIFF ×
 * {@code overlap} = 1 (A=B) and 0 (A≠B); {@code users} = |A| = |B|. A and B are built once per trial (variadic
 * {@code SADD}, not timed). Both sides of every claim are measured in the same interleaved rounds ({@code @rounds} in
 * the scale table: every case once per round, shuffled, one fork each), so the host's drift between rounds cancels
 * from the ratios. The Java-client figures of {@link SetAlgebraBenchmark} (the reply streamed to Lettuce) stay beside
 * these as context.
 *
 * <p>Score: seconds per operation, single shot: for REDIS_CLI from starting redis-cli to its exit (the write-up read
 * redis-cli's own elapsed time, which leaves out its start and connect: a few milliseconds here); for SUITE_RESP from
 * opening the connection to the file's last byte. Checked after every shot (not timed, {@link ReplyFile#check}): the
 * writer succeeded, and the file holds exactly the expected members ({@link SetOp#expected}) with the expected digest;
 * a reply cut short fails the case with one line. Where both writers exist, each SUITE_RESP trial also runs
 * redis-cli once on its command (not timed) and requires the two files to be the same bytes
 * ({@code bytes_same_as_redis_cli}). Recorded: {@code result_cardinality} (members) per shot, {@code work} (result
 * members and reply-file bytes per operation, for members/s and MiB/s), {@code used_memory_sets} (B) once per trial.
 *
 * <p>redis-cli: Debian/Ubuntu {@code redis-tools}, or {@code -Dkensho.tool.redis-cli=<path>}. A size whose sets,
 * temporary result and redis-cli's in-memory reply cannot fit in memory, or whose reply file cannot fit in
 * {@code java.io.tmpdir}, stops in one line before the first case.
 *
 * <p>Run: {@code mvn verify -Pbench -Dkensho.bench=SetAlgebraCli} or this class's {@code main}; one writer:
 * {@code -Dkensho.args="-p client=SUITE_RESP"}; the write-up's size: {@code -Dkensho.scale=seed} (10M members per set).
 */
@State(Scope.Benchmark)
public class SetAlgebraCliBenchmark extends BenchmarkState {

    /** Who writes the reply to the file. The method is named for the regime (redis-cli's); this says which program ran it. */
    public enum Client {
        /** redis-cli, as the write-up ran it: a process per operation, the reply read whole, then written raw. */
        REDIS_CLI {
            @Override
            ReplyFile writer(RedisTarget target, Path workDir) {
                return new RedisCliReply(Tools.find(SetsSettings.REDIS_CLI).orElseThrow(() -> new TargetFailure(NO_REDIS_CLI)),
                        target, workDir);
            }
        },
        /** The suite's RESP reader: a connection per operation, the reply copied to the file as it arrives. */
        SUITE_RESP {
            @Override
            ReplyFile writer(RedisTarget target, Path workDir) {
                return new RespReplyFile(target, workDir);
            }
        };

        abstract ReplyFile writer(RedisTarget target, Path workDir);
    }

    /** Why the REDIS_CLI rows are missing from a run (its notes). */
    static final String NO_REDIS_CLI = "client=REDIS_CLI of SetAlgebraCliBenchmark not measured here: redis-cli is not on the"
            + " PATH (nor set with -D" + SetsSettings.REDIS_CLI.key() + "); client=SUITE_RESP, the suite's own RESP reader,"
            + " measured the same regime (the reply written to a file). Debian/Ubuntu: apt-get install redis-tools";

    public static final ParamRules RULES = ParamRules.of()
            .intRange("users", 1, 500_000_000)
            .doubleRange("overlap", 0, 1)
            .intRange("memberBytes", 1, 4096)
            .oneOf("op", SetOp.class)
            .oneOf("client", Client.class)
            .unavailableWhen("client", Client.REDIS_CLI.name(),
                    () -> Tools.find(SetsSettings.REDIS_CLI).isPresent() ? null : NO_REDIS_CLI)
            .combination(p -> {
                if (p.containsKey("users") && p.containsKey("memberBytes")) {
                    long n = Long.parseLong(p.get("users"));
                    int mb = Integer.parseInt(p.get("memberBytes"));
                    // A, B and a temporary result of up to 2n members in the server, and the whole reply in redis-cli
                    // (the suite's writer copies it through a 64 KiB buffer)
                    boolean cli = !Client.SUITE_RESP.name().equals(p.get("client"));
                    Memory.require("2 sets × users=" + n + (cli ? " (+ a 2×users reply held by redis-cli)" : ""),
                            SetMemory.estimate(4 * n, mb) + (cli ? 2 * n * (2L * mb + 100) : 0));
                    requireDisk("a reply file of 2 × users=" + n + " members", 2 * n * (mb + 1L));
                }
            })
            .preflight(RedisTargets::validate);

    @Param({"REDIS_CLI", "SUITE_RESP"})
    Client client;

    @Param({"SINTER", "SUNION", "SDIFF"})
    SetOp op;

    @Param({"1000000"})
    long users;

    @Param({"0", "1"})
    double overlap;

    @Param({"64"})
    int memberBytes;

    private SetSession session;
    private SetData data;
    private Case label;
    private Path workDir;
    private ReplyFile writer;
    private RedisCliReply crossCheck;
    private long expected;
    private long digest;
    private boolean ran;

    /** Trial set-up for one case (tests call it directly). */
    @Override
    protected void open(Case c) {
        label = c;
        Optional<Path> redisCli = Tools.find(SetsSettings.REDIS_CLI);
        if (client == Client.REDIS_CLI && redisCli.isEmpty()) {
            throw new TargetFailure(NO_REDIS_CLI); // before anything is loaded
        }
        session = SetSession.open();
        data = SetData.of(session.redis.keyPrefix(), 2, users, overlap, memberBytes);
        session.redis.deleteSuiteKeys();
        long before = session.redis.usedMemory(session.control);
        SetLoader.fill(session.control, data, 0, 2);
        SetChecks.requireImported(session.control, data);
        Recorder.measurement(label.benchmark(), label.params(), "used_memory_sets",
                session.redis.usedMemory(session.control) - before, "B");
        expected = op.expected(data.layout());
        digest = op.expectedDigest(data);
        workDir = TempDirs.create("kensho-redis-cli-reply-");
        writer = client.writer(session.redis, workDir);
        if (client == Client.SUITE_RESP && redisCli.isPresent()) {
            crossCheck = new RedisCliReply(redisCli.get(), session.redis, TempDirs.create("kensho-redis-cli-check-"));
        }
        Recorder.work(label.benchmark(), label.params(), expected, Math.max(1, expected * (memberBytes + 1L)));
    }

    /**
     * The operation, its whole reply written to a file by {@code client} (named for the regime: redis-cli's); returns
     * the writer's status (0: it wrote a reply; whether it is the right one is {@link #checkReply}'s).
     */
    @Benchmark
    public int redisCli() {
        ran = true;
        return writer.run(op.name(), data.keyString(0), data.keyString(1));
    }

    /**
     * Checks the shot's reply file (the writer's status, members, digest), records its cardinality, removes it (not
     * timed). After a SUITE_RESP trial's first shot, where redis-cli exists, redis-cli writes the same command's reply
     * once and the two files must be the same bytes.
     */
    @TearDown(Level.Iteration)
    public void checkReply() {
        if (!ran) {
            return;
        }
        ran = false;
        String what = op + " users=" + users + " overlap=" + overlap;
        writer.check(what, expected, digest);
        if (crossCheck != null) {
            crossCheck.run(op.name(), data.keyString(0), data.keyString(1));
            crossCheck.check(what, expected, digest);
            long bytes = sameBytes(writer.reply(), crossCheck.reply(), op + " " + data.keyString(0) + " " + data.keyString(1));
            crossCheck.clean();
            Recorder.measurement(label.benchmark(), label.params(), "bytes_same_as_redis_cli", bytes, "B");
            TempDirs.delete(crossCheck.reply().getParent());
            crossCheck = null; // once per trial
        }
        writer.clean();
        Recorder.measurement(label.benchmark(), label.params(), "result_cardinality", expected, "members");
    }

    /**
     * The size of two reply files that must hold the same bytes (the suite's writer's and redis-cli's, for one
     * command); else one line naming the first byte where they differ.
     */
    static long sameBytes(Path suite, Path redisCli, String command) {
        try {
            long at = Files.mismatch(suite, redisCli);
            if (at >= 0) {
                throw new IllegalStateException("writer check failed: for " + command + " the suite's RESP writer wrote "
                        + Files.size(suite) + " bytes and redis-cli " + Files.size(redisCli) + " bytes, which differ from byte "
                        + at + " on: the suite's writer does not write what redis-cli writes");
            }
            return Files.size(suite);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The file the shot's reply is written to (tests cut it short). */
    Path reply() {
        return writer.reply();
    }

    @Override
    public void close() {
        if (session != null) {
            session.close();
        }
        TempDirs.delete(workDir);
        if (crossCheck != null) {
            TempDirs.delete(crossCheck.reply().getParent());
        }
    }

    /** One line before anything starts when {@code java.io.tmpdir} cannot hold {@code bytes} (+10%). */
    static void requireDisk(String what, long bytes) {
        Path dir = Paths.get(System.getProperty("java.io.tmpdir"));
        long free;
        try {
            free = Files.getFileStore(Files.exists(dir) ? dir : dir.toAbsolutePath().getRoot()).getUsableSpace();
        } catch (IOException e) {
            return; // unknown: no refusal
        }
        if (bytes * 1.1 > free) {
            throw new BadInput(what + " needs ≈" + Memory.gib(bytes) + " GiB in java.io.tmpdir (" + dir + ") but it has "
                    + Memory.gib(free) + " GiB free; choose smaller sizes (-p users=…) or point java.io.tmpdir elsewhere");
        }
    }

    public static void main(String[] args) {
        Kensho.main(SetAlgebraCliBenchmark.class, args);
    }
}
