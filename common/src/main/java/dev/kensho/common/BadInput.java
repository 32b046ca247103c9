package dev.kensho.common;

/**
 * A user-facing input (a {@code kensho.*} property or a JMH {@code @Param}) that is not allowed.
 * Its message is one line naming the input, the value and what is allowed; launchers print just that
 * line and exit with status 2, never a stack trace.
 */
public final class BadInput extends RuntimeException {

    public BadInput(String message) {
        super(message, null, false, false);
    }

    /** {@code name=value: problem; allowed: allowed}. */
    public static BadInput of(String name, Object value, String allowed) {
        return new BadInput(name + "=" + value + " is not allowed; allowed: " + allowed);
    }

    /** Finds a {@link BadInput} in a cause chain (JMH and client libraries wrap exceptions). */
    public static BadInput in(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof BadInput b) {
                return b;
            }
        }
        return null;
    }
}
