package dev.kensho.report;

import java.util.List;

/**
 * The section of the checked-in run folder ({@code report-fixture} in common's test resources, whose rows name
 * {@code dev.kensho.common.data.UserIdGeneratorBenchmark}: experiment {@code common}), so the report's own tests
 * render a real chart without an experiment module on the classpath. Registered for this module's tests only.
 */
public final class FixtureSection implements Section {

    @Override
    public String id() {
        return "common";
    }

    @Override
    public int order() {
        return 90;
    }

    @Override
    public String title() {
        return "Suite calibration — data generation";
    }

    @Override
    public String seed() {
        return "";
    }

    @Override
    public String question() {
        return "Is generating the data ever the bottleneck?";
    }

    @Override
    public String docs() {
        return "README.md";
    }

    @Override
    public List<ChartSpec> charts() {
        return List.of(ChartSpec.bar("common-generator", "User id generation rate", "UserIdGeneratorBenchmark",
                "generateIds", "thrpt", "memberBytes", "ids/s"));
    }

    /** A table with a number column and emphasis in its text, so the report's layout rules have one to check. */
    @Override
    public List<Table> tables(RunData run) {
        Table t = Table.of("The generator's rows — member size *set by the suite*:", "case", ">ids/s");
        run.rows().stream().filter(r -> r.metric().equals("thrpt"))
                .forEach(r -> t.row(r.paramString() + " — *set by the suite*", dev.kensho.common.export.Export.fmt(r.score())));
        return List.of(t);
    }
}
