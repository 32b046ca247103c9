/**
 * The run-folder tools as commands a user types: {@code java -jar kensho-benchmarks.jar compare|report|merge|pool|docs …}
 * ({@link dev.kensho.report.cli.Commands}, picocli), each with {@code --help} and the suite's one-line errors. The work
 * stays in {@code Compare}, {@code Report}, {@code Docs}, {@code Merge} and {@code Pool}; this package only parses.
 */
package dev.kensho.report.cli;
