package dev.kensho.api;

import dev.kensho.common.runfiles.Case;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.BenchmarkParams;

import java.util.concurrent.TimeUnit;

/**
 * The base of every benchmark class: the JMH defaults of the suite and the trial's life cycle, written once.
 *
 * <p>Life cycle, per trial (one case in one fork): {@link #setup} takes JMH's params as a {@link Case}, {@link #check}
 * holds them against the class's {@code RULES} ({@link ParamRules}: the launcher checked them before the run, this
 * guards a run it did not start), {@link #open} builds the trial (servers from the targets, data, connections);
 * {@link #tearDown} calls {@link #close}. A sanity test drives the same path outside JMH with {@link #start(Case)}
 * and {@link #tearDown()}. A subclass overrides {@code open} and {@code close} without JMH annotations: the
 * annotated entry points are these, so each runs once.
 *
 * <p>Defaults: one fork, one warm-up and three measured iterations of one call each ({@link Mode#SingleShotTime}),
 * in seconds. A class declares only what differs (JMH reads these annotations through the superclasses, element by
 * element: a subclass's {@code @Warmup(iterations = 0)} keeps the rest of this one). Every class still declares
 * {@code @State(Scope.Benchmark)} itself: JMH takes {@code @Param} fields only in a class that carries it. The scale
 * files set iterations and forks per scale; these values are what a run without the launcher (an IDE's JMH plugin)
 * uses.
 *
 * <p>A class also declares {@code public static final ParamRules RULES} and a {@code main} calling
 * {@link Kensho#main(Class, String[])}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 1)
@Measurement(iterations = 3)
public abstract class BenchmarkState {

    /** JMH's entry at the trial's start: this case checked, then opened, then {@link #begin}. */
    @Setup(Level.Trial)
    public final void setup(BenchmarkParams bp) throws Exception {
        start(Case.of(bp));
        begin();
    }

    /**
     * After {@link #open}, in a JMH trial only: what a sanity test that drives {@code open} itself does its own way (a
     * first table made, the shards' common start awaited).
     */
    protected void begin() throws Exception {
    }

    /** The trial's start for {@code c}, as JMH's {@link #setup} runs it (sanity tests call it with a case of their own). */
    public final void start(Case c) throws Exception {
        check(c);
        open(c);
    }

    /**
     * Throws {@link dev.kensho.common.BadInput} for a param value the class's {@code RULES} refuse. A class whose
     * checks need more than the case's params (a value it derives) overrides it and calls this first.
     */
    protected void check(Case c) {
        ParamRules rules = ParamRules.declaredBy(getClass());
        if (rules != null) {
            rules.check(c.params());
        }
    }

    /** Everything of the trial's setup for this case: servers, data, connections, what it records under. */
    protected abstract void open(Case c) throws Exception;

    /** JMH's entry at the trial's end (sanity tests call it too). */
    @TearDown(Level.Trial)
    public final void tearDown() {
        close();
    }

    /**
     * Everything {@link #open} holds, checked where the trial checks its answers at its end, and released. A
     * test's {@code finally} may call it after an {@code open} that failed part-way: skip what was never opened.
     */
    protected void close() {
    }
}
