package dev.kensho.report;

import dev.kensho.common.BadInput;
import dev.kensho.report.stats.Range;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A published.csv row states the range it is judged on, by a named rule that gives it: anything else is refused. */
class PublishedTest {

    private static final String HEADER = "key,kind,what,published,error,unit,source,published_setup,cls,method,filter,metric,"
            + "range,range_rule,needs_cores,needs_threads,needs_cluster,condition,condition_bound,scope,explained_by,measure\n";

    private static List<Published> read(String rows) throws IOException {
        return Published.read(new ByteArrayInputStream((HEADER + rows).getBytes(StandardCharsets.UTF_8)), "test.csv");
    }

    @Test
    void aRowsRangeIsTheOneItsRuleGives() throws IOException {
        Published p = read("load,claim,load time,1.48,,x,s,t,C,load,a=b,r,1.24..1.96,change×2,,,,,,,m: the CPU,\n").get(0);
        assertEquals(new Range(1.24, 1.96, Range.Rule.CHANGE_X2).shown(), p.range().shown());
        assertEquals("1.48 x; range 1.24–1.96 (change×2)", p.shown(), "the published column shows the range judged on");
        assertEquals("m", p.explanationMetric());
        assertEquals("the CPU", p.explanationLabel());
        Published every = read("all,claim,every codec,,,x,s,t,C,load,,r,1.31..2.03,write-up,,,,,,every,,\n").get(0);
        assertTrue(every.every());
        assertEquals("1.31–2.03 (write-up)", every.shown());
        Published check = read("d,check,A=B slower,,,x,s,t,C,m,,r,1..Infinity,direction,,,,,,,,\n").get(0);
        assertEquals(Published.Kind.CHECK, check.kind());
        assertNull(read("c,context,rate,169000,,records/s,s,t,C,m,,r,,,,,,,,,,\n").get(0).range(), "context has no range");
    }

    @Test
    void aRangeThatDisagreesWithItsRuleIsRefused() {
        BadInput e = assertThrows(BadInput.class, () -> read("scan,claim,scan,0.97,,x,s,t,C,m,,r,0.97..1.23,change×2,,,,,,,,\n"));
        assertTrue(e.getMessage().contains("test.csv row scan range=0.97..1.23") && e.getMessage().contains("0.94"), e.getMessage());
        assertThrows(BadInput.class, () -> read("x,claim,x,47,,x,s,t,C,m,,r,23.5..94,at-least,,,,,,,,\n"),
                "a range chosen after a run is not the rule's");
    }

    @Test
    void aValueWithoutARangeIsRefused() {
        BadInput e = assertThrows(BadInput.class, () -> read("p,claim,a point,1.48,,x,s,t,C,m,,r,,,,,,,,,,\n"));
        assertTrue(e.getMessage().contains("range_rule=(empty)") && e.getMessage().contains("bare point"), e.getMessage());
        assertThrows(BadInput.class, () -> read("p,claim,a point,1.48,,x,s,t,C,m,,r,,change×2,,,,,,,,\n"), "the range written out");
        assertThrows(BadInput.class, () -> read("p,check,a point,2,,x,s,t,C,m,,r,,,,,,,,,,\n"), "a check too");
        assertThrows(BadInput.class, () -> read("p,claim,a point,1.48,,x,s,t,C,m,,r,1.24..1.96,factor2,,,,,,,,\n"), "an unknown rule");
    }

    @Test
    void aConditionStatesHowFarItReaches() {
        BadInput e = assertThrows(BadInput.class, () -> read("s,claim,size,0.19,,x,s,t,C,m,,r,0.095..0.38,ratio×2,,,,synthetic,,,,\n"));
        assertTrue(e.getMessage().contains("condition_bound"), e.getMessage());
    }

    @Test
    void aRowWithoutABenchmarkSaysWhatWouldMeasureIt() throws IOException {
        Published p = read("r5,claim,R5 over R4,,,x,s,t,,,,,,,,,,,,,,two instance families\n").get(0);
        assertTrue(!p.measured() && p.measure().equals("two instance families"));
        assertThrows(BadInput.class, () -> read("r5,claim,R5 over R4,,,x,s,t,,,,,,,,,,,,,,\n"));
    }
}
