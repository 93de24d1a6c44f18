package com.burstline.server.system;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.context.event.ApplicationReadyEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.context.EnvironmentAware;
import org.springframework.core.env.Environment;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Keeps the data dir owner-only: it is made {@code 0700} before any bean (the database among them) is created, and
 * once the server is up every file directly in it (the H2 database, generated tokens, the admin password) is made
 * {@code 0600}, whatever the process's umask gave them.
 */
class DataDirectoryPermissions implements BeanFactoryPostProcessor, EnvironmentAware,
        ApplicationListener<ApplicationReadyEvent> {
    private static final Logger log = LoggerFactory.getLogger(DataDirectoryPermissions.class);
    private Path dataDir;

    @Override
    public void setEnvironment(Environment environment) {
        dataDir = Path.of(environment.getProperty("burstline.data-dir", "data"));
    }

    @Override
    public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
        try {
            SecretFiles.ownerOnlyDirectory(dataDir);
        } catch (IOException e) {
            log.warn("Could not make the data dir {} owner-only: {}", dataDir, e.getMessage());
        }
    }

    @Override
    public void onApplicationEvent(ApplicationReadyEvent event) {
        try (DirectoryStream<Path> files = Files.newDirectoryStream(dataDir)) {
            for (Path file : files) {
                SecretFiles.ownerOnlyFile(file);
            }
        } catch (IOException e) {
            log.warn("Could not make the files in {} owner-only: {}", dataDir, e.getMessage());
        }
    }
}
