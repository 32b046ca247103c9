package dev.kensho.reliability.arch;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The numbers docs/architecture.md gives in its table "The house in numbers", read from the page so a test can hold
 * them against the code: a page that says 15 loops where the code has 14 is caught, whichever of the two moved.
 * Rows are found by the start of their first cell; the value cell's first whole numbers are the numbers.
 */
final class HouseNumbers {

    /** The row of the page's table for each measure, by the start of its first cell. */
    static final String PACKAGE_CYCLES = "package cycles";
    static final String CLASS_LOOPS = "loops between classes";
    static final String DEEPEST_PACKAGE = "deepest package";
    static final String PRIVATE_ACCESS = "classes opening another's private members";

    private HouseNumbers() {
    }

    /** Each row's numbers in its value column (the second cell), in the order they appear. */
    static Map<String, List<Long>> read(String page) {
        int at = page.indexOf("## The house in numbers");
        if (at < 0) {
            throw new AssertionError("docs/architecture.md has no section 'The house in numbers'");
        }
        Map<String, List<Long>> rows = new LinkedHashMap<>();
        Pattern number = Pattern.compile("(?<![\\w.])\\d[\\d,]*(?![\\w.])");
        for (String line : page.substring(at).split("\n")) {
            if (line.startsWith("## ") && !line.contains("house in numbers")) {
                break;
            }
            String[] cells = line.split("\\|");
            if (cells.length < 3 || cells[1].isBlank() || cells[1].contains("---")) {
                continue;
            }
            List<Long> found = new ArrayList<>();
            Matcher m = number.matcher(cells[2]);
            while (m.find()) {
                found.add(Long.parseLong(m.group().replace(",", "")));
            }
            rows.put(cells[1].trim(), found);
        }
        return rows;
    }

    /**
     * Where the page and the measured values differ, one line each; empty when they agree. {@code measured} maps a
     * row's start (one of the constants) to the numbers its value cell must begin with.
     */
    static List<String> mismatches(String page, Map<String, List<Long>> measured) {
        Map<String, List<Long>> rows = read(page);
        List<String> out = new ArrayList<>();
        measured.forEach((start, want) -> {
            List<Long> got = rows.entrySet().stream().filter(e -> e.getKey().startsWith(start))
                    .map(Map.Entry::getValue).findFirst().orElse(null);
            if (got == null) {
                out.add("no row starting '" + start + "' in the page's table");
            } else if (got.size() < want.size() || !got.subList(0, want.size()).equals(want)) {
                out.add("'" + start + "': the page says " + got + ", the code " + want);
            }
        });
        return out;
    }
}
