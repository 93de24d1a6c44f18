package com.burstline.server.report;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * User text (driver names, tags, labels, host facts) put into Markdown so that it reads as the same text and never
 * as markup: no raw HTML, no links or images, no emphasis, no table cell breaks, no heading at a line's start.
 */
final class MarkdownText {
    private static final Pattern SPECIAL = Pattern.compile("[\\\\`*_\\[\\]<>|&!~{}]");
    private static final Pattern BACKTICKS = Pattern.compile("`+");

    private MarkdownText() {
    }

    /** One line of inline text: line breaks become spaces, markup characters are backslash-escaped. */
    static String inline(String text) {
        if (text == null) {
            return "";
        }
        String line = SPECIAL.matcher(text.replace("\r", " ").replace("\n", " "))
                .replaceAll(match -> Matcher.quoteReplacement("\\" + match.group()));
        return line.startsWith("#") || line.startsWith("+") || line.startsWith("-") ? "\\" + line : line;
    }

    /** A fence longer than any run of backticks in the content, so the content cannot close the code block. */
    static String fence(Iterable<String> lines) {
        int longest = 0;
        for (String line : lines) {
            Matcher runs = BACKTICKS.matcher(line);
            while (runs.find()) {
                longest = Math.max(longest, runs.group().length());
            }
        }
        return "`".repeat(Math.max(3, longest + 1));
    }
}
