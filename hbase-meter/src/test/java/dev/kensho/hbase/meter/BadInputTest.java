package dev.kensho.hbase.meter;

import dev.kensho.common.BadInput;
import dev.kensho.api.ParamRules;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every bad param value is refused by the class's RULES (as the launcher does before any server
 * starts) with one line naming the param and the value.
 */
class BadInputTest {

    static Stream<Arguments> badParams() {
        return Stream.of(
                Arguments.of(CompressionMatrixBenchmark.RULES, "codec", "XZ"),
                Arguments.of(CompressionMatrixBenchmark.RULES, "codec", "lzma"),
                Arguments.of(CompressionMatrixBenchmark.RULES, "codec", ""),
                Arguments.of(CompressionMatrixBenchmark.RULES, "encoding", "PREFIX_TREE"),
                Arguments.of(CompressionMatrixBenchmark.RULES, "encoding", "DIFFF"),
                Arguments.of(CompressionMatrixBenchmark.RULES, "saltBuckets", "-1"),
                Arguments.of(CompressionMatrixBenchmark.RULES, "saltBuckets", "256"),
                Arguments.of(CompressionMatrixBenchmark.RULES, "meters", "0"),
                Arguments.of(CompressionMatrixBenchmark.RULES, "days", "ten"),
                Arguments.of(CompressionMatrixBenchmark.RULES, "flushesPerRegion", "1"),
                Arguments.of(MeterLoadBenchmark.RULES, "threads", "0"),
                Arguments.of(MeterLoadBenchmark.RULES, "rowsPerRequest", "0"),
                Arguments.of(MeterLoadBenchmark.RULES, "rowsPerRequest", "1e4"),
                Arguments.of(MeterLoadBenchmark.RULES, "client", "ASYNC"),
                Arguments.of(MeterLoadBenchmark.RULES, "saltBuckets", "1000"),
                Arguments.of(MeterScanBenchmark.RULES, "threads", "0"),
                Arguments.of(MeterScanBenchmark.RULES, "days", "0"),
                Arguments.of(MeterScanBenchmark.RULES, "codec", "SNAPPY2"),
                Arguments.of(LatestReadingGetBenchmark.RULES, "meters", "100000000"),
                Arguments.of(LatestReadingGetBenchmark.RULES, "batch", "0"),
                Arguments.of(LatestReadingGetBenchmark.RULES, "threads", "-5"),
                Arguments.of(LoadCalibrationBenchmark.RULES, "threads", "0"),
                Arguments.of(LoadCalibrationBenchmark.RULES, "rows", "10"));
    }

    @ParameterizedTest(name = "{1}={2}")
    @MethodSource("badParams")
    void refusedInOneLine(ParamRules rules, String param, String value) {
        BadInput e = assertThrows(BadInput.class, () -> rules.check(param, value));
        assertTrue(e.getMessage().startsWith(param + "=" + value), e.getMessage());
        assertTrue(e.getMessage().contains("allowed"), e.getMessage());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("goodCodecs")
    void everyMatrixCodecAndEncodingPasses(String codec) {
        CompressionMatrixBenchmark.RULES.check("codec", codec);
        CompressionMatrixBenchmark.RULES.check("encoding", "ROW_INDEX_V1");
    }

    static Stream<String> goodCodecs() {
        return dev.kensho.targets.hbase.Codecs.CODECS.stream();
    }

    @org.junit.jupiter.api.Test
    void scanCasesWiderThanTheirDataSetAreRefusedBeforeLoading() {
        MeterScanBenchmark b = new MeterScanBenchmark();
        b.meters = 200;
        b.datasetMeters = 100;
        b.days = 1;
        b.datasetDays = 1;
        b.encoding = "FAST_DIFF";
        b.codec = "GZ";
        BadInput e = assertThrows(BadInput.class, () -> b.open(new dev.kensho.common.runfiles.Case("x.scanSeries", java.util.Map.of())));
        assertTrue(e.getMessage().startsWith("meters=200"), e.getMessage());
    }
}
