package dev.kensho.report.cost;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import dev.kensho.common.BadInput;
import dev.kensho.common.Setting;
import dev.kensho.common.export.Export;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The prices a cost table uses, as dated inputs the suite sets, in one CSV format for every module:
 * {@code service,item,unit,price,currency,region,source,date} ({@code source}: where the figure comes from and
 * how far it was checked; {@code date}: when it was entered). Each module keeps its defaults in a
 * {@code prices.csv} beside its report classes ({@link #load(Class, String, String...)}); the file named by
 * {@code -Dkensho.prices=<file>} ({@link Setting#PRICES}) overrides the defaults item by item (a line of the same
 * {@code item} replaces the default) and extends them (other items are added), so one file can carry the prices
 * of several modules. Currencies: USD, EUR; one per file, and one among the items a module uses.
 *
 * <p>Why one class: the bad-input rules are the same for every module. A bad file is one {@link BadInput} line
 * before the run folder exists ({@link #checkUserFile}, the launcher's preflight) and at report time: a missing
 * column or an empty cell, a price that is not a non-negative number, an unknown currency, mixed currencies, a date
 * that is not {@code YYYY-MM-DD}, two lines for one item (the last would win without a word), or a missing item.
 */
public final class Prices {

    /** The columns of every prices CSV, in order. */
    public static final List<String> COLUMNS = List.of("service", "item", "unit", "price", "currency", "region", "source", "date");
    public static final List<String> CURRENCIES = List.of("USD", "EUR");
    /** The file every module reads its defaults from, beside its anchor class. */
    public static final String FILE = "prices.csv";

    /** One price line. */
    public record Price(String service, String item, String unit, double price, String currency, String region,
                        String source, String date) {

        /** "0.219 USD per node-hour (cache.r7g.large, us-east-1; set by the suite: source, entered date)". */
        public String setBySuite() {
            return Export.fmt(price) + " " + currency + " " + unit + " (" + item + ", " + region + "; set by the suite: "
                    + source + ", entered " + date + ")";
        }
    }

    /** Prices by item; {@code origin} names where they came from in every refusal and caption. */
    public record Table(String origin, List<Price> prices) {

        public Price get(String item) {
            return prices.stream().filter(p -> p.item().equals(item)).findFirst()
                    .orElseThrow(() -> new BadInput(origin + ": no price for item '" + item + "'"));
        }

        public double price(String item) {
            return get(item).price();
        }

        public boolean has(String item) {
            return prices.stream().anyMatch(p -> p.item().equals(item));
        }

        /** The currency of the first price (the one a module's table states; {@link #require} keeps it single). */
        public String currency() {
            return prices.get(0).currency();
        }

        /** Checks that every item is here and that they share one currency; returns this. */
        public Table require(String... items) {
            String first = null;
            for (String item : items) {
                Price p = get(item);
                if (first == null) {
                    first = p.currency();
                } else if (!first.equals(p.currency())) {
                    throw new BadInput(origin + ": item '" + item + "' is in " + p.currency() + ", '" + items[0] + "' in "
                            + first + "; one currency per table");
                }
            }
            return this;
        }

        /** This table with {@code other}'s lines replacing those of the same item and adding the others. */
        Table overriddenBy(Table other) {
            Map<String, Price> byItem = new LinkedHashMap<>();
            prices.forEach(p -> byItem.put(p.item(), p));
            other.prices().forEach(p -> byItem.put(p.item(), p));
            return new Table(origin + " + " + other.origin(), List.copyOf(byItem.values()));
        }
    }

    private Prices() {
    }

    /**
     * The prices a module uses: {@code prices.csv} beside {@code anchor} ({@code module} names it), overridden and
     * extended by {@code kensho.prices} when set; every item of {@code required} must be there, in one currency.
     */
    public static Table load(Class<?> anchor, String module, String... required) {
        Table defaults;
        try (InputStream in = anchor.getResourceAsStream(FILE)) {
            if (in == null) {
                throw new IllegalStateException("no " + FILE + " beside " + anchor.getName());
            }
            defaults = parse(module + " " + FILE, in);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + module + "'s " + FILE, e);
        }
        Table t = userFile().map(defaults::overriddenBy).orElse(defaults);
        if (t.prices().isEmpty()) {
            throw new BadInput(t.origin() + ": no prices");
        }
        return t.require(required);
    }

    /**
     * The launcher's preflight of {@code kensho.prices}: the whole file read and every line checked (columns, number,
     * currency, date, one line per item, a cache node's spec in its unit) before the run folder exists, whichever
     * classes the run has — the report reads it only after the last class.
     */
    public static void checkUserFile() {
        userFile().ifPresent(CacheNodes::of);
    }

    /** The file of {@code kensho.prices}, parsed and checked, when the setting is given. */
    static Optional<Table> userFile() {
        String file = Setting.PRICES.get("");
        if (file.isBlank()) {
            return Optional.empty();
        }
        Path p = Path.of(file.trim());
        if (!Files.isRegularFile(p)) {
            throw BadInput.of(Setting.PRICES.key(), file, "a readable prices CSV file");
        }
        try (InputStream in = Files.newInputStream(p)) {
            return Optional.of(parse(Setting.PRICES.key() + "=" + file, in));
        } catch (IOException e) {
            throw BadInput.of(Setting.PRICES.key(), file, "a readable prices CSV file (" + e.getMessage() + ")");
        }
    }

    /** Parses and checks one prices CSV; {@code origin} names it in every refusal. */
    public static Table parse(String origin, InputStream in) throws IOException {
        CsvMapper m = new CsvMapper();
        m.enable(CsvParser.Feature.WRAP_AS_ARRAY);
        List<String[]> lines = new ArrayList<>();
        try (MappingIterator<String[]> it = m.readerFor(String[].class).readValues(in)) {
            while (it.hasNext()) {
                lines.add(it.next());
            }
        }
        if (lines.isEmpty()) {
            throw new BadInput(origin + ": empty; expected the columns " + String.join(",", COLUMNS));
        }
        List<String> header = Arrays.stream(lines.get(0)).map(h -> h.trim().toLowerCase(Locale.ROOT)).toList();
        for (String c : COLUMNS) {
            if (!header.contains(c)) {
                throw new BadInput(origin + ": missing column '" + c + "'; expected " + String.join(",", COLUMNS));
            }
        }
        List<Price> out = new ArrayList<>();
        Map<String, Integer> lineOf = new HashMap<>();
        for (int n = 1; n < lines.size(); n++) {
            String[] cells = lines.get(n);
            if (cells.length == 1 && cells[0].isBlank()) {
                continue;
            }
            String at = origin + " line " + (n + 1);
            if (cells.length < header.size()) {
                throw new BadInput(at + ": " + cells.length + " cells for " + header.size() + " columns");
            }
            for (String c : COLUMNS) {
                if (cell(cells, header, c).isEmpty()) {
                    throw new BadInput(at + ": " + c + " is empty; allowed: a value in every column (" + String.join(",", COLUMNS) + ")");
                }
            }
            String priceText = cell(cells, header, "price");
            double price;
            try {
                price = Double.parseDouble(priceText);
            } catch (NumberFormatException e) {
                throw new BadInput(at + ": price '" + priceText + "' is not allowed; allowed: a number ≥ 0");
            }
            if (!(price >= 0) || Double.isInfinite(price)) {
                throw new BadInput(at + ": price " + priceText + " is not allowed; allowed: a number ≥ 0");
            }
            String currency = cell(cells, header, "currency");
            if (!CURRENCIES.contains(currency)) {
                throw new BadInput(at + ": currency '" + currency + "' is not allowed; allowed: " + String.join(", ", CURRENCIES));
            }
            if (!out.isEmpty() && !out.get(0).currency().equals(currency)) {
                throw new BadInput(at + ": currency " + currency + " differs from " + out.get(0).currency()
                        + " above; one currency per file");
            }
            String item = cell(cells, header, "item");
            Integer first = lineOf.putIfAbsent(item, n + 1);
            if (first != null) {
                throw new BadInput(at + ": item '" + item + "' is also on line " + first + "; allowed: one line per item");
            }
            String date = cell(cells, header, "date");
            try {
                LocalDate.parse(date);
            } catch (DateTimeParseException e) {
                throw new BadInput(at + ": date '" + date + "' is not allowed; allowed: a date YYYY-MM-DD (when the price was entered)");
            }
            out.add(new Price(cell(cells, header, "service"), item, cell(cells, header, "unit"), price,
                    currency, cell(cells, header, "region"), cell(cells, header, "source"), date));
        }
        return new Table(origin, out);
    }

    private static String cell(String[] cells, List<String> header, String column) {
        return cells[header.indexOf(column)].trim();
    }
}
