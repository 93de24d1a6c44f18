package com.burstline.server;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

@SpringBootApplication
public class BurstlineApplication {
    public static void main(String[] args) {
        SpringApplication.run(BurstlineApplication.class, args);
    }
}
