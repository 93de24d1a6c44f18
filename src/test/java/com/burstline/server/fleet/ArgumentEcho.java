package com.burstline.server.fleet;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** A stand-in agent jar's main: writes the arguments java gave it, one a line, to the file "args". */
public final class ArgumentEcho {
    private ArgumentEcho() {
    }

    public static void main(String[] args) throws IOException {
        Files.write(Path.of("args"), List.of(args), StandardCharsets.UTF_8);
    }
}
