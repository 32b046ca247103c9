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
}
