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
}
