package com.burstline.server.system;

import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(BurstlineProperties.class)
class SystemConfiguration {

    /** Static: it must run before the database is opened under the data dir. */
    @Bean
    static DataDirectoryPermissions dataDirectoryPermissions() {
        return new DataDirectoryPermissions();
    }
}
