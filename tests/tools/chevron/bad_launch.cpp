// A kernel launch whose `<<<` has no `>>>`: ptosim-chevron must reject it with this file's line and column.
void Launch(void* stream) {
    Kernel<<<8, nullptr, stream(x);
}
