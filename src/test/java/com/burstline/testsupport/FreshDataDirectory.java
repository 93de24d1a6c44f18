package com.burstline.testsupport;

import org.springframework.boot.test.util.TestPropertyValues;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.event.ContextClosedEvent;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Gives each {@link BurstlineTest} context a data directory of its own (H2's files, generated secrets), removed when
 * the context closes. The path is not part of the annotation, so the context cache still shares the context.
 */
public final class FreshDataDirectory implements ApplicationContextInitializer<ConfigurableApplicationContext> {

    @Override
    public void initialize(ConfigurableApplicationContext context) {
        Path directory;
        try {
            directory = Files.createTempDirectory("burstline-test-");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        TestPropertyValues.of("burstline.data-dir=" + directory).applyTo(context);
        context.addApplicationListener((ApplicationListener<ContextClosedEvent>) closed -> delete(directory));
    }

    private static void delete(Path directory) {
        try (Stream<Path> paths = Files.walk(directory)) {
            paths.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            System.err.println("Could not remove test data directory " + directory + ": " + e.getMessage());
        }
    }
}
