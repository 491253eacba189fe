{
  "targets": [
    {
      "target_name": "cloexec",
      "sources": ["src/cloexec.c"],
      "cflags": ["-Wall", "-Wextra", "-O2"]
    }
  ]
}
