package dev.kensho.common.data;

import dev.kensho.common.report.ChartSpec;
import dev.kensho.common.report.Section;

import java.util.List;

/** The report section of the suite's own calibration: is generating the data ever the bottleneck? */
public final class GeneratorSection implements Section {

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
