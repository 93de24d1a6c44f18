package com.burstline.testsupport;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** CSV read back in tests the way a spreadsheet reads it, so that a test checks what a user would open. */
public final class CsvLines {
    private CsvLines() {
    }

    /** RFC 4180 as a spreadsheet reads it: quoted fields may hold commas, doubled quotes and line breaks. */
    public static List<List<String>> parse(String text) {
        List<List<String>> lines = new ArrayList<>();
        List<String> fields = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                fields.add(field.toString());
                field.setLength(0);
            } else if (c == '\n') {
                fields.add(field.toString().replace("\r", ""));
                field.setLength(0);
                lines.add(fields);
                fields = new ArrayList<>();
            } else {
                field.append(c);
            }
        }
        return lines;
    }

    /** Every line after the header as a map from the header's names to the line's fields. */
    public static List<Map<String, String>> records(String text) {
        List<List<String>> lines = parse(text);
        List<Map<String, String>> records = new ArrayList<>();
        for (List<String> values : lines.subList(1, lines.size())) {
            Map<String, String> record = new LinkedHashMap<>();
            for (int i = 0; i < lines.get(0).size(); i++) {
                record.put(lines.get(0).get(i), values.get(i));
            }
            records.add(record);
        }
        return records;
    }
}
