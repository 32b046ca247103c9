package dev.kensho.redis.sets;

import dev.kensho.common.BadInput;
import dev.kensho.common.TargetFailure;
import dev.kensho.launcher.Bench;
import dev.kensho.launcher.ParamRules;
import dev.kensho.common.process.TempDirs;
import dev.kensho.common.runfiles.Case;
import dev.kensho.common.runfiles.Recorder;
import dev.kensho.redis.sets.calibration.Tools;
import dev.kensho.targets.redis.RedisTargets;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.concurrent.TimeUnit;

/**
 * What do {@code SINTER}, {@code SUNION} and {@code SDIFF} cost in the write-up's own regime — {@code redis-cli}
 * running the command with its whole reply written to a file ({@code echo "sinter A B" | redis-cli … > result})
 * — at the two extremes A=B and A≠B? Experiment 1's set-operation table (published, |A| = 10M: SINTER 102.45 /
 * 4.85 s, SUNION 122.33 / 408.03 s, SDIFF 2.31 / 116.84 s for A=B / A≠B; {@code docs/redis-sets.md}): the ratios
 * A=B ÷ A≠B (SINTER) and A≠B ÷ A=B (SUNION, SDIFF) are the claims, read as a direction and as a magnitude.
 *
 * <p>Cases: {@code op} = SINTER, SUNION, SDIFF × {@code overlap} = 1 (A=B) and 0 (A≠B); {@code users} = |A| = |B|.
 * A and B are built once per trial (variadic {@code SADD}, not timed). Both sides of every claim are measured in
 * the same interleaved rounds ({@code @rounds} in the scale table: every case once per round, shuffled, one fork
 * each), so the host's drift between rounds cancels from the ratios. The Java-client figures of
 * {@link SetAlgebraBenchmark} (the reply streamed to Lettuce) stay beside these as context.
 *
 * <p>Score: seconds per operation, single shot, from starting redis-cli to its exit (the write-up read
 * redis-cli's own elapsed time, which leaves out its start and connect: a few milliseconds here). Checked after
 * every shot (not timed, {@link RedisCliReply#check}): exit status 0, and the file holds exactly the expected
 * members ({@link SetOp#expected}) with the expected digest; a reply cut short fails the case with redis-cli's
 * standard error line. Recorded: {@code result_cardinality} (members) per shot, {@code work} (result members and
 * reply-file bytes per operation, for members/s and MiB/s), {@code used_memory_sets} (B) once per trial.
 *
 * <p>Needs {@code redis-cli} (Debian/Ubuntu: {@code redis-tools}; or {@code -Dkensho.tool.redis-cli=<path>}): without
 * it the class is not measured (a run of several classes goes on and says so; this class alone stops in one line).
 * A size whose sets, temporary result and redis-cli's in-memory reply cannot fit in memory, or whose reply file
 * cannot fit in {@code java.io.tmpdir}, stops in one line before the first case.
 *
 * <p>Run: {@code mvn verify -Pbench -Dkensho.bench=SetAlgebraCli} or this class's {@code main}; the write-up's
 * size: {@code -Dkensho.scale=seed} (10M members per set).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
public class SetAlgebraCliBenchmark {

    /** Why the class cannot run without redis-cli (the ledger's "not measured here"). */
    static final String NEEDS_REDIS_CLI = "not measured here: needs redis-tools (" + Tools.missing(SetsSettings.REDIS_CLI) + ")";

    public static final ParamRules RULES = ParamRules.of()
            .intRange("users", 1, 500_000_000)
            .doubleRange("overlap", 0, 1)
            .intRange("memberBytes", 1, 4096)
            .oneOf("op", SetOp.class)
            .needs(() -> Tools.find(SetsSettings.REDIS_CLI).isPresent() ? null : NEEDS_REDIS_CLI)
            .combination(p -> {
                if (p.containsKey("users") && p.containsKey("memberBytes")) {
                    long n = Long.parseLong(p.get("users"));
                    int mb = Integer.parseInt(p.get("memberBytes"));
                    // A, B and a temporary result of up to 2n members in the server, and the whole reply in redis-cli
                    Memory.require("2 sets × users=" + n + " (+ a 2×users reply held by redis-cli)",
                            SetMemory.estimate(4 * n, mb) + 2 * n * (2L * mb + 100));
                    requireDisk("a reply file of 2 × users=" + n + " members", 2 * n * (mb + 1L));
                }
            })
            .preflight(RedisTargets::validate);

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
    private RedisCliReply cli;
    private long expected;
    private long digest;
    private boolean ran;

    @Setup(Level.Trial)
    public void setup(BenchmarkParams bp) {
        open(Case.of(bp));
    }

    /** Trial set-up for one case (tests call it directly). */
    void open(Case c) {
        label = c;
        RULES.check(label.params());
        Path redisCli = Tools.find(SetsSettings.REDIS_CLI).orElseThrow(() -> new TargetFailure(NEEDS_REDIS_CLI));
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
        cli = new RedisCliReply(redisCli, session.redis, workDir);
        Recorder.work(label.benchmark(), label.params(), expected, Math.max(1, expected * (memberBytes + 1L)));
    }

    /** redis-cli runs the operation, its whole reply written to a file; returns redis-cli's exit status. */
    @Benchmark
    public int redisCli() {
        ran = true;
        return cli.run(op.name(), data.keyString(0), data.keyString(1));
    }

    /** Checks the shot's reply file (exit status, members, digest), records its cardinality, removes it (not timed). */
    @TearDown(Level.Iteration)
    public void checkReply() {
        if (!ran) {
            return;
        }
        ran = false;
        cli.check(op + " users=" + users + " overlap=" + overlap, expected, digest);
        cli.clean();
        Recorder.measurement(label.benchmark(), label.params(), "result_cardinality", expected, "members");
    }

    /** The file the shot's reply is written to (tests cut it short). */
    Path reply() {
        return cli.reply();
    }

    @TearDown(Level.Trial)
    public void close() {
        if (session != null) {
            session.close();
        }
        TempDirs.delete(workDir);
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
        Bench.main(SetAlgebraCliBenchmark.class, args);
    }
}
