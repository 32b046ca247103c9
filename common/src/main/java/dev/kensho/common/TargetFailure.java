package dev.kensho.common;

/**
 * A server the suite relies on could not be started, reached, or died. The message is one line
 * naming the target (never its password) and what happened.
 */
public final class TargetFailure extends RuntimeException {

    public TargetFailure(String message) {
        super(message, null, false, false);
    }

    public TargetFailure(String message, Throwable cause) {
        super(message, cause, false, false);
    }

    /**
     * The innermost cause of {@code e} as one line, "SimpleClassName: first line of its message" — what
     * a client library's chain of wrappers is about, for a one-line failure.
     */
    public static String rootCause(Throwable e) {
        Throwable r = e;
        while (r.getCause() != null && r.getCause() != r) {
            r = r.getCause();
        }
        return r.getClass().getSimpleName() + (r.getMessage() == null ? "" : ": " + r.getMessage().lines().findFirst().orElse(""));
    }
}
