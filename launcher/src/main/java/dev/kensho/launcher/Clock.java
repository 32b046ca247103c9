package dev.kensho.launcher;

import java.util.Locale;

/** A duration as the console prints it: "m:ss", or "h:mm:ss" from an hour. */
final class Clock {

    private Clock() {
    }

    static String of(double seconds) {
        long s = Math.round(seconds);
        return s >= 3600 ? String.format(Locale.ROOT, "%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60)
                : String.format(Locale.ROOT, "%d:%02d", s / 60, s % 60);
    }
}
