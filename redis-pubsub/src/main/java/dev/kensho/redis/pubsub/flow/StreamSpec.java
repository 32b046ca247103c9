package dev.kensho.redis.pubsub.flow;

import dev.kensho.common.BadInput;
import dev.kensho.redis.pubsub.client.Messages;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A message stream: fixed message size at a fixed rate. The write-up's two real detector streams are
 * named ({@code NGEM_1500B_1KHZ}: nGEM, 1.5 kB at 1 kHz, measured 13.241 Mbit/s;
 * {@code PSD_680B_3300HZ}: PSD/NeuNET, ≈680 B at ≈3.3 kHz, measured 18.811 Mbit/s); any other is
 * written {@code <bytes>B@<rate>Hz}, e.g. {@code 4096B@500Hz}.
 */
public record StreamSpec(String name, int messageBytes, double rateHz, double publishedMbit) {

    public static final StreamSpec NGEM = new StreamSpec("NGEM_1500B_1KHZ", 1500, 1000, 13.241);
    public static final StreamSpec PSD = new StreamSpec("PSD_680B_3300HZ", 680, 3300, 18.811);
    public static final double MAX_RATE_HZ = 1_000_000;

    private static final Pattern CUSTOM = Pattern.compile("(\\d{1,10})B@(\\d+(?:\\.\\d+)?)Hz", Pattern.CASE_INSENSITIVE);
    private static final String ALLOWED = NGEM.name + ", " + PSD.name + ", or <bytes>B@<rate>Hz with bytes "
            + Messages.HEADER_BYTES + " … " + Messages.MAX_BYTES + " and rate > 0 … " + (long) MAX_RATE_HZ;

    /** Parses a {@code stream} param value, or throws a one-line {@link BadInput}. */
    public static StreamSpec parse(String v) {
        if (v == null) {
            throw BadInput.of("stream", null, ALLOWED);
        }
        String s = v.trim();
        if (s.equalsIgnoreCase(NGEM.name)) {
            return NGEM;
        }
        if (s.equalsIgnoreCase(PSD.name)) {
            return PSD;
        }
        Matcher m = CUSTOM.matcher(s);
        if (!m.matches()) {
            throw BadInput.of("stream", v, ALLOWED);
        }
        long bytes = Long.parseLong(m.group(1));
        double hz = Double.parseDouble(m.group(2));
        if (bytes < Messages.HEADER_BYTES || bytes > Messages.MAX_BYTES || !(hz > 0) || hz > MAX_RATE_HZ) {
            throw BadInput.of("stream", v, ALLOWED);
        }
        return new StreamSpec(s.toUpperCase(Locale.ROOT), (int) bytes, hz, Double.NaN);
    }

    /** Payload Mbit/s this stream offers. */
    public double offeredMbit() {
        return Messages.mbit(messageBytes) * rateHz;
    }

    public long periodNanos() {
        return (long) (1e9 / rateHz);
    }
}
