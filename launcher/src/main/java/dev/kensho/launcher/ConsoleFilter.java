package dev.kensho.launcher;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * JMH's console output, with Java stack traces kept off the console: every line goes to a log file in
 * the run folder ({@code jmh/<Class>.log}); the console gets every line but a stack trace's
 * ({@code at …}, {@code Caused by: …}, {@code ... n more}), and one line saying where the trace is. The
 * failure itself still reaches the console as the launcher's one {@code kensho:} line.
 */
final class ConsoleFilter implements AutoCloseable {

    private final PrintStream stream;
    private final OutputStream file;

    private ConsoleFilter(OutputStream file, PrintStream console, Path path) {
        this.file = file;
        this.stream = new PrintStream(new LineSplitter(file, console, path), true, StandardCharsets.UTF_8);
    }

    static ConsoleFilter open(Path log, PrintStream console) throws IOException {
        Files.createDirectories(log.getParent());
        return new ConsoleFilter(Files.newOutputStream(log), console, log);
    }

    PrintStream stream() {
        return stream;
    }

    @Override
    public void close() throws IOException {
        stream.flush();
        file.close();
    }

    /** True for a line that belongs to a Java stack trace. */
    static boolean isTraceLine(String line) {
        String t = line.strip();
        return t.startsWith("at ") && (t.contains("(") || t.contains("."))
                || t.startsWith("Caused by: ") || t.startsWith("Suppressed: ")
                || t.matches("\\.\\.\\. \\d+ more")
                || t.matches("(?:[a-z_$][\\w$]*\\.)+[A-Z][\\w$]*(?:Exception|Error|Failure|Input|Throwable)(?::.*)?");
    }

    private static final class LineSplitter extends OutputStream {
        private final OutputStream file;
        private final PrintStream console;
        private final Path path;
        private final ByteArrayOutputStream line = new ByteArrayOutputStream();
        private boolean inTrace;

        LineSplitter(OutputStream file, PrintStream console, Path path) {
            this.file = file;
            this.console = console;
            this.path = path;
        }

        @Override
        public synchronized void write(int b) throws IOException {
            file.write(b);
            if (b == '\n') {
                emit();
            } else {
                line.write(b);
            }
        }

        @Override
        public synchronized void flush() throws IOException {
            file.flush();
            if (line.size() > 0 && !inTrace) {
                // JMH prints progress without a newline; let it show, it is never part of a trace
                String partial = line.toString(StandardCharsets.UTF_8);
                if (!isTraceLine(partial)) {
                    console.print(partial);
                    console.flush();
                    line.reset();
                }
            }
        }

        private void emit() {
            String l = line.toString(StandardCharsets.UTF_8);
            line.reset();
            if (isTraceLine(l)) {
                if (!inTrace) {
                    console.println("  (stack trace in " + path + ")");
                }
                inTrace = true;
                return;
            }
            inTrace = false;
            console.println(l);
        }
    }
}
