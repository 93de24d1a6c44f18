package com.burstline.server.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.math.BigDecimal;

/**
 * RFC 4180 fields: quoted when they hold a comma, quote or line break, quotes doubled; empty for null; user text that
 * looks like a formula neutralised (OWASP's CSV injection advice). Numbers in plain decimal notation
 * (4780696044.910457, never 4.780696044910457E9), which every spreadsheet reads.
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
                ? BigDecimal.valueOf(number).toPlainString()
                : value instanceof CharSequence && formulaLike(value.toString()) ? "'" + value : value.toString();
        if (text.contains(",") || text.contains("\"") || text.contains("\n") || text.contains("\r")) {
            return '"' + text.replace("\"", "\"\"") + '"';
        }
        return text;
    }

    /**
     * Text a spreadsheet would run as a formula (=HYPERLINK(…), +, -, @, or a tab or CR before one): it goes out
     * with a leading apostrophe, which spreadsheets show as text. Numbers are never text here, so -1.5 stays a number.
     */
    private static boolean formulaLike(String text) {
        return !text.isEmpty() && "=+-@\t\r".indexOf(text.charAt(0)) >= 0;
    }
}
