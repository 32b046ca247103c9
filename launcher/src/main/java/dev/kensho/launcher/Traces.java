package dev.kensho.launcher;

import dev.kensho.common.export.RunFolder;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** Full stack traces go to {@code errors.log} in the run folder, never to the console. */
final class Traces {

    static final String FILE = "errors.log";

    private Traces() {
    }

    /** Appends {@code e}'s trace under a heading; returns the file, or null when there is no run folder. */
    static Path write(RunFolder run, String what, Throwable e) {
        if (run == null) {
            return null;
        }
        StringWriter w = new StringWriter();
        w.write("== " + what + " ==\n");
        e.printStackTrace(new PrintWriter(w));
        Path f = run.dir().resolve(FILE);
        try {
            Files.writeString(f, w.toString(), StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            return f;
        } catch (IOException io) {
            return null;
        }
    }
}
