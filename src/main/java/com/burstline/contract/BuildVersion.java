package com.burstline.contract;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * The version of the build this code came from, the same for the server, the agent and the engine: the pom's,
 * written into the classes at build time (src/main/resources-filtered), so a jar, a test run from classes and the
 * agent's child JVMs all say the same, where a jar manifest's says nothing when run from classes.
 */
public final class BuildVersion {
    private static final String VERSION = read();

    private BuildVersion() {
    }

    public static String get() {
        return VERSION;
    }

    private static String read() {
        Properties properties = new Properties();
        try (InputStream in = BuildVersion.class.getResourceAsStream("build-version.properties")) {
            if (in != null) {
                properties.load(in);
            }
        } catch (IOException unreadable) {
            // reported as unknown below
        }
        return properties.getProperty("version", "unknown");
    }
}
