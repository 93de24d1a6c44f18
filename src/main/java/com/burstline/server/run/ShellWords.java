package com.burstline.server.run;

import tools.jackson.databind.JsonNode;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * An argument list as one line a shell takes as it is: people paste these lines, and some values are labels anyone
 * with an operator's role may edit, so an argument a shell would split or expand is single-quoted, and a list that
 * holds a control character (a line break would start a second command) is no line at all.
 */
public final class ShellWords {
    private static final Pattern PLAIN = Pattern.compile("[A-Za-z0-9_@%+=:,./-]+");
    private static final Pattern CONTROL = Pattern.compile("\\p{Cntrl}");

    private ShellWords() {
    }

    public static String quoted(String argument) {
        return PLAIN.matcher(argument).matches() ? argument : "'" + argument.replace("'", "'\\''") + "'";
    }

    public static String line(List<String> arguments) {
        return arguments.stream().map(ShellWords::quoted).collect(Collectors.joining(" "));
    }

    /**
     * A stored argument list (the JSON array an agent recorded); empty for none, for anything that is not a list of
     * strings, and for a list with a control character.
     */
    public static List<String> arguments(JsonNode command) {
        if (command == null || !command.isArray() || command.isEmpty()) {
            return List.of();
        }
        List<String> arguments = new ArrayList<>();
        for (JsonNode argument : command) {
            if (!argument.isString() || CONTROL.matcher(argument.stringValue()).find()) {
                return List.of();
            }
            arguments.add(argument.stringValue());
        }
        return arguments;
    }
}
