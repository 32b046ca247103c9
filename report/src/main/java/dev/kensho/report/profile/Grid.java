package dev.kensho.report.profile;

import java.util.ArrayList;
import java.util.List;

/**
 * A table as data (caption, headers — a header starting with {@code >} is a number column — and rows of cells that
 * may hold {@code [text](link)}), which the report renders to Markdown and HTML like its own tables. A row may carry
 * an id ({@code ids}, null for none, parallel to {@code rows}) that a link elsewhere in the report points at.
 */
public record Grid(String caption, List<String> headers, List<List<String>> rows, List<String> ids) {

    /** A grid whose rows carry no ids. */
    public Grid(String caption, List<String> headers, List<List<String>> rows) {
        this(caption, headers, rows, new ArrayList<>());
        rows.forEach(r -> ids.add(null));
    }

    static Grid of(String caption, String... headers) {
        return new Grid(caption, List.of(headers), new ArrayList<>(), new ArrayList<>());
    }

    Grid row(String... cells) {
        return rowWithId(null, cells);
    }

    /** A row with the id a link points at (null for none). */
    Grid rowWithId(String id, String... cells) {
        rows.add(List.of(cells));
        ids.add(id);
        return this;
    }
}
