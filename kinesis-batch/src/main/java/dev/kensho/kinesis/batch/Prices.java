package dev.kensho.kinesis.batch;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvParser;
import dev.kensho.common.BadInput;
import dev.kensho.common.Setting;
import dev.kensho.common.Settings;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The prices the cost table uses, as dated inputs the suite sets: {@code prices.csv} beside this class
 * (Kinesis Data Streams, provisioned mode, us-east-1: {@value #SHARD_HOUR} and {@value #PAYLOAD_UNITS} — see
 * its {@code source} column for where each figure comes from and how far it was checked; {@code date} is when
 * the suite entered it), or the file named by {@code -Dkensho.prices=<file>} with the same columns:
 * {@code service,item,unit,price,currency,region,source,date}. Currencies: USD, EUR, one per file.
 *
 * <p>A bad file is one {@link BadInput} line before anything runs (the aggregation benchmark's preflight) and
 * at report time: a missing column, a price that is not a non-negative number, an unknown currency, mixed
 * currencies, or a missing item.
 */
public final class Prices {

    public static final String SHARD_HOUR = "shard-hour";
    public static final String PAYLOAD_UNITS = "put-payload-units";
    static final List<String> COLUMNS = List.of("service", "item", "unit", "price", "currency", "region", "source", "date");
    static final List<String> CURRENCIES = List.of("USD", "EUR");

    /** One price line. */
    public record Price(String service, String item, String unit, double price, String currency, String region,
                        String source, String date) {
    }

    /** The file's prices, by item. */
    public record Table(String origin, List<Price> prices) {

        public Price get(String item) {
            return prices.stream().filter(p -> p.item().equals(item)).findFirst()
                    .orElseThrow(() -> new BadInput(origin + ": no price for item '" + item + "'"));
        }

        public String currency() {
            return prices.get(0).currency();
        }

        /** $ per shard-hour. */
        public double shardHour() {
            return get(SHARD_HOUR).price();
        }

        /** $ per million PUT payload units. */
        public double perMillionUnits() {
            return get(PAYLOAD_UNITS).price();
        }
    }

    private Prices() {
    }

    /** Loads and checks the prices in use (a {@link BadInput} line if bad). */
    public static void check() {
        load();
    }

    /** The prices in use: {@code kensho.prices} if set, else the suite's {@code prices.csv}. */
    public static Table load() {
        String file = Settings.get(Setting.PRICES.key(), "");
        if (!file.isBlank()) {
            Path p = Path.of(file.trim());
            if (!Files.isRegularFile(p)) {
                throw BadInput.of(Setting.PRICES.key(), file, "a readable prices CSV file");
            }
            try (InputStream in = Files.newInputStream(p)) {
                return parse(Setting.PRICES.key() + "=" + file, in);
            } catch (IOException e) {
                throw BadInput.of(Setting.PRICES.key(), file, "a readable prices CSV file (" + e.getMessage() + ")");
            }
        }
        try (InputStream in = Prices.class.getResourceAsStream("prices.csv")) {
            if (in == null) {
                throw new IllegalStateException("no prices.csv beside " + Prices.class.getName());
            }
            return parse("kinesis-batch prices.csv", in);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the suite's prices.csv", e);
        }
    }

    /** Parses and checks one prices CSV; {@code origin} names it in every refusal. */
    static Table parse(String origin, InputStream in) throws IOException {
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
        for (int n = 1; n < lines.size(); n++) {
            String[] cells = lines.get(n);
            if (cells.length == 1 && cells[0].isBlank()) {
                continue;
            }
            String at = origin + " line " + (n + 1);
            if (cells.length < header.size()) {
                throw new BadInput(at + ": " + cells.length + " cells for " + header.size() + " columns");
            }
            String priceText = cell(cells, header, "price");
            double price;
            try {
                price = Double.parseDouble(priceText);
            } catch (NumberFormatException e) {
                throw new BadInput(at + ": price '" + priceText + "' is not a number");
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
            out.add(new Price(cell(cells, header, "service"), cell(cells, header, "item"), cell(cells, header, "unit"), price,
                    currency, cell(cells, header, "region"), cell(cells, header, "source"), cell(cells, header, "date")));
        }
        Table t = new Table(origin, out);
        t.get(SHARD_HOUR);
        t.get(PAYLOAD_UNITS);
        return t;
    }

    private static String cell(String[] cells, List<String> header, String column) {
        return cells[header.indexOf(column)].trim();
    }
}
