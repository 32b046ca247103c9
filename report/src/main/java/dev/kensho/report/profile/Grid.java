package dev.kensho.report.profile;

import java.util.ArrayList;
import java.util.List;

/**
 * A table as data (caption, headers — a header starting with {@code >} is a number column — and rows of cells that
 * may hold {@code [text](link)}), which the report renders to Markdown and HTML like its own tables.
 */
public record Grid(String caption, List<String> headers, List<List<String>> rows) {

    static Grid of(String caption, String... headers) {
        return new Grid(caption, List.of(headers), new ArrayList<>());
    }

    Grid row(String... cells) {
        rows.add(List.of(cells));
        return this;
    }
}
