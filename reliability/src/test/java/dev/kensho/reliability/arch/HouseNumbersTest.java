package dev.kensho.reliability.arch;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The reader of docs/architecture.md's "house in numbers" ({@link HouseNumbers}) catches a page whose number is not
 * the code's; {@code ArchitectureTest.thePageGivesTheCodesNumbers} holds the real page against the real code.
 */
class HouseNumbersTest {

    @Test
    void aWrongNumberOnThePageIsCaught() {
        String page = "# x\n\n## The house in numbers\n\n| measure | value | kept by |\n| --- | ---: | --- |\n"
                + "| loops between classes (strongly connected) | 15 loops over 62 classes | a rule |\n"
                + "| package cycles | 0 | a rule |\n\n## Data flow\n| loops between classes | 99 | not this table |\n";
        assertEquals(List.of(), HouseNumbers.mismatches(page, Map.of(HouseNumbers.CLASS_LOOPS, List.of(15L, 62L))));
        assertEquals(List.of("'loops between classes': the page says [15, 62], the code [14, 60]"),
                HouseNumbers.mismatches(page, Map.of(HouseNumbers.CLASS_LOOPS, List.of(14L, 60L))));
        assertEquals(List.of("no row starting 'deepest package' in the page's table"),
                HouseNumbers.mismatches(page, Map.of(HouseNumbers.DEEPEST_PACKAGE, List.of(6L))));
    }
}
