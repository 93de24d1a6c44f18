package com.burstline.server.system;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

import java.nio.file.Path;

/**
 * Burstline's own settings ({@code burstline.*}, or {@code BURSTLINE_*} environment variables).
 *
 * @param dataDir        where the embedded database and generated tokens live
 * @param apiToken       the bearer token for API writes; generated and kept in the data dir when not set
 * @param maxUploadSize  the largest iperf3 output accepted in one upload
 */
@ConfigurationProperties("burstline")
public record BurstlineProperties(Path dataDir, String apiToken, DataSize maxUploadSize) {
    public BurstlineProperties {
        dataDir = dataDir == null ? Path.of("data") : dataDir;
        maxUploadSize = maxUploadSize == null ? DataSize.ofMegabytes(16) : maxUploadSize;
    }
}
