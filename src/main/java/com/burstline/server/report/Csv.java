package com.burstline.server.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.math.BigDecimal;

/**
 * RFC 4180 fields: quoted when they hold a comma, quote or line break, quotes doubled; empty for null. Numbers in
 * plain decimal notation (4780696044.910457, never 4.780696044910457E9), which every spreadsheet reads.
 */
final class Csv {
    private final Writer out;

    Csv(Writer out) {
        this.out = out;
    }

    void row(Object... values) {
        try {
            for (int i = 0; i < values.length; i++) {
                if (i > 0) {
                    out.write(',');
                }
                out.write(field(values[i]));
            }
            out.write("\r\n");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static String field(Object value) {
        if (value == null) {
            return "";
        }
        String text = value instanceof Double number && Double.isFinite(number)
                ? BigDecimal.valueOf(number).toPlainString() : value.toString();
        if (text.contains(",") || text.contains("\"") || text.contains("\n") || text.contains("\r")) {
            return '"' + text.replace("\"", "\"\"") + '"';
        }
        return text;
    }
}
